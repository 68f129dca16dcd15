import ArgumentParser
import FactoryCluster
import FactoryCore
import FactoryKinds
import FactoryReview
import Foundation

extension FactoryCommand {
    /// `factory review [WEEK]`: the week as a table, index.html and a contact sheet; `--check` re-probes.
    struct Review: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Look through a week's bundles: a table, <week>/index.html and <week>/contact-sheet.png.",
            discussion: """
            The table has a line per item (kind, day, status, duration, size, cost, failed checks), built from each \
            bundle's metadata.json and the week's report.json; failed and deferred items show the reason. \
            index.html is a gallery of the week that works offline from the folder.

            --check re-probes every bundle: each file's size and sha256 against metadata.json; the video's codecs \
            (H.264, AAC), frame rate and duration against metadata.json's probe, MP4 box order (faststart) and \
            completeness, every frame's packet present; no black frame among the decoded keyframes (one at least \
            every 2 s and at each scene cut; the rest are read but not decoded); sound where there must be some \
            (a kind whose videos carry sound, as chat and bedtime videos do, or a music bed), by decoding the whole track; bedtime narration at its target \
            loudness ±1 LU; every image decodes in full. Items whose quote, title or premise is close to what their \
            series published in another week (the content memory in <state>/ledger.sqlite), a fixed text that \
            repeats one, or an image made again from the same prompt and seed, are marked (CLOSE TO EARLIER WEEKS \
            in the table, a badge in the gallery, "needs attention"). Exit codes: 0 healthy, 1 a check failed (each failure is \
            printed as FAIL ITEM CHECK: detail), 2 no week folder or bad arguments.
            """)

        @Argument(help: "The week folder (output/2026-W48), an output folder (its newest week) or a week name; default: the newest week under ./output.")
        var week: String?

        @Option(help: "Look for weeks under DIR instead of ./output.")
        var output: String?

        @Option(help: "The state folder with the content memory (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @OptionGroup var cluster: ClusterOptions

        @Flag(help: "Re-probe every bundle; exit 1 if any check fails.")
        var check = false

        @Option(help: "Bundles checked at once with --check (default: the number of cores).")
        var jobs: Int?

        /// The kinds review knows: their gallery filters, colours and sound rules.
        var kinds: KindRegistry { ProcessRoot.current.kinds }

        func run() async throws {
            var review: WeekReview
            do {
                review = try WeekReview.load(folder: try WeekReview.locate(week, output: output))
            } catch {
                printError("\(error)")
                throw ExitCode(2)
            }
            review = try await markRepeats(review)
            var failures: [(item: String, check: BundleMetadata.Check)] = []
            var checkLine = ""
            if check {
                let started = Date()
                let count = review.bundles.count + review.entries.filter { [ReviewEntry.Status.missing, .unreadable].contains($0.status) }.count
                printError("checking \(count) bundle\(count == 1 ? "" : "s") in \(review.folder.path)…")
                review = await BundleCheck.run(review, kinds: kinds, concurrency: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
                let checks = review.entries.flatMap { entry in (entry.recheck ?? []).map { (entry.id, $0) } }
                failures = checks.filter { !$0.1.passed }.map { (item: $0.0, check: $0.1) }
                checkLine = "checked \(count) bundle\(count == 1 ? "" : "s"): \(checks.count) checks, "
                    + (failures.isEmpty ? "all passed" : "\(failures.count) failed")
                    + String(format: " in %.1f s", Date().timeIntervalSince(started))
            }
            print(ReviewTable.render(review))
            let shared = review.entries.compactMap { entry in entry.sharing.map { (entry.id, $0) } }
            if !shared.isEmpty {
                print("\nSharing:")
                for (id, sharing) in shared {
                    print("  \(id): \(sharing.approvalText)" + (sharing.postLines.isEmpty ? "" : "; " + sharing.postLines.joined(separator: "; ")))
                }
            }
            writeGallery(review)
            if check {
                // What the re-check measured for each item: loudness, text contrast and read-along drift.
                for entry in review.entries {
                    let measured = (entry.recheck ?? []).filter { ["audio:loudness", "text:contrast", "readalong:drift"].contains($0.name) }
                    guard !measured.isEmpty else { continue }
                    print("QA \(entry.id): " + measured.map { "\($0.name) \($0.passed ? "ok" : "FAIL") \($0.detail)" }.joined(separator: "; "))
                }
                for failure in failures {
                    print("FAIL \(failure.item) \(failure.check.name): \(failure.check.detail)")
                }
                print(checkLine)
                if !failures.isEmpty { throw ExitCode(1) }
            }
        }

        /// Marks items close to earlier weeks, from the content memory beside the output folder (none
        /// without a ledger). A bad database URL exits 2; an unreachable database or unreadable
        /// ledger leaves the table unmarked, with a warning.
        func markRepeats(_ review: WeekReview) async throws -> WeekReview {
            let weeks = review.report?.memoryWeeks ?? MemorySettings.defaultWeeks
            let folder = (state ?? ProcessInfo.processInfo.environment["FACTORY_STATE"]).map { URL(fileURLWithPath: $0) }
                ?? review.folder.deletingLastPathComponent().appendingPathComponent(".factory")
            let stores: Stores
            do {
                stores = try await cluster.stores(state: folder, output: review.folder.deletingLastPathComponent(), manifest: nil,
                                                  access: .read, patience: 10)
            } catch let error as ExitCode where error.rawValue == 75 {
                printError("warning: the content memory could not be read; repeats are not marked")
                return review
            }
            return await stores.with { stores in
                stores.isEmpty ? review : await review.marked(memory: stores.memory, weeks: weeks, fields: kinds.memoryFields).shared(journal: stores.posts)
            }
        }

        /// Writes the contact sheet, then index.html (without the sheet if it could not be made).
        func writeGallery(_ review: WeekReview) {
            let sheet = review.folder.appendingPathComponent("contact-sheet.png")
            var sheetName: String? = sheet.lastPathComponent
            do {
                try ContactSheet.write(review, to: sheet.path)
            } catch {
                printError("contact sheet not written: \(error)")
                sheetName = nil
            }
            let page = review.folder.appendingPathComponent("index.html")
            do {
                try GalleryPage.write(review, kinds: kinds, to: page.path, contactSheet: sheetName)
                print("wrote \(page.path)" + (sheetName == nil ? "" : " and \(sheet.lastPathComponent)"))
            } catch {
                printError("index.html not written: \(error)")
            }
        }
    }
}
