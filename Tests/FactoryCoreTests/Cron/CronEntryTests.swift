import FactoryCore
import Testing

@Suite("Cron entries")
struct CronEntryTests {
    static func entry(manifest: String = "/home/me/My Content/manifests/week.yaml") throws -> CronEntry {
        CronEntry(schedule: try CronSchedule("0 6 * * 1"), directory: "/home/me/My Content", binary: "/opt/factory/bin/factory",
                  manifest: manifest, runArguments: ["--offline"], stateFolder: "/home/me/My Content/output/.factory",
                  logFile: "/home/me/My Content/output/.factory/cron.log", flock: "/usr/bin/flock",
                  environment: [(name: "FACTORY_CREDENTIALS", value: "/home/me/creds 100%")])
    }

    @Test("the line: schedule, PATH, cd, mkdir, doctor into the log, flock -n on <state>/cron.lock, the binary and manifest by absolute path, --log")
    func line() throws {
        let entry = try Self.entry()
        #expect(entry.marker == "# factory cron: '/home/me/My Content/manifests/week.yaml'")
        #expect(entry.command == "export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "
                + "FACTORY_CREDENTIALS='/home/me/creds 100%' && cd '/home/me/My Content' && mkdir -p '/home/me/My Content/output/.factory' && "
                + "/opt/factory/bin/factory doctor '/home/me/My Content/manifests/week.yaml' >> '/home/me/My Content/output/.factory/cron.log' 2>&1 && "
                + "/usr/bin/flock -n -E 99 '/home/me/My Content/output/.factory/cron.lock' /opt/factory/bin/factory run "
                + "'/home/me/My Content/manifests/week.yaml' --offline --log '/home/me/My Content/output/.factory/cron.log'; rc=$?; "
                + "if [ $rc -eq 99 ]; then echo \"$(date): skipped, an earlier start still holds\" '/home/me/My Content/output/.factory/cron.lock' "
                + ">> '/home/me/My Content/output/.factory/cron.log'; rc=75; fi; exit $rc")
        // In the crontab a bare % would become a newline: it is escaped there, and only there.
        #expect(entry.line.hasPrefix("0 6 * * 1 export PATH="))
        #expect(entry.line.contains("'/home/me/creds 100\\%'") && !entry.line.contains("\n"))
        #expect(entry.text == entry.marker + "\n" + entry.line + "\n")
    }

    @Test("shell quoting: safe words bare, anything else single-quoted with ' written as '\\''", arguments: [
        ("/usr/bin/factory", "/usr/bin/factory"), ("a b", "'a b'"), ("it's", "'it'\\''s'"), ("$HOME", "'$HOME'"),
        ("", "''"), ("x;rm -rf /", "'x;rm -rf /'"), ("naïve", "'naïve'"), ("a`b`", "'a`b`'"),
    ])
    func quoting(_ text: String, _ quoted: String) {
        #expect(Shell.quote(text) == quoted)
    }

    @Test("installing replaces this manifest's earlier entry, keeps everything else, and appends the new one")
    func replace() throws {
        let entry = try Self.entry()
        let other = "# factory cron: /srv/other.yaml\n0 7 * * * echo other\n"
        let existing = "MAILTO=me@example.com\n# a note of mine\n0 1 * * * backup\n" + entry.marker + "\n30 5 * * 2 old line\n" + other
        let updated = Crontab.replacing(manifest: entry.manifest, in: existing, with: entry)
        #expect(updated == "MAILTO=me@example.com\n# a note of mine\n0 1 * * * backup\n" + other + entry.text)
        // Installing twice changes nothing; removing leaves the rest as it was.
        #expect(Crontab.replacing(manifest: entry.manifest, in: updated, with: entry) == updated)
        #expect(Crontab.replacing(manifest: entry.manifest, in: updated, with: nil)
                == "MAILTO=me@example.com\n# a note of mine\n0 1 * * * backup\n" + other)
        // A crontab without a final newline, or none at all.
        #expect(Crontab.replacing(manifest: entry.manifest, in: "0 1 * * * backup", with: entry) == "0 1 * * * backup\n" + entry.text)
        #expect(Crontab.replacing(manifest: entry.manifest, in: "", with: entry) == entry.text)
    }

    @Test("a manifest whose path starts like another's is a different entry")
    func prefixIsNotTheSame() throws {
        let short = try Self.entry(manifest: "/srv/week.yaml")
        let long = try Self.entry(manifest: "/srv/week.yaml (copy).yaml")
        let both = Crontab.replacing(manifest: long.manifest, in: short.text, with: long)
        #expect(Crontab.replacing(manifest: short.manifest, in: both, with: nil) == long.text)
    }
}
