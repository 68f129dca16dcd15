import FactoryCore
import Testing

@Suite("Cron: the hourly publish line")
struct CronPublishLineTests {
    static func entry() throws -> CronEntry {
        var entry = CronEntry(schedule: try CronSchedule("0 6 * * 1"), directory: "/srv/c", binary: "/opt/factory",
                              manifest: "/srv/c/week.yaml", runArguments: ["--state", "/srv/state", "--offline"],
                              stateFolder: "/srv/state", logFile: "/srv/state/cron.log", flock: "/usr/bin/flock")
        entry.publish = true
        return entry
    }

    @Test("a manifest with publish: gets an hourly `factory publish` then `stats --poll` beside the weekly run, under its own lock, logging to the same file")
    func publishLine() throws {
        let entry = try Self.entry()
        #expect(entry.publishLine == "0 * * * * export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 && "
                + "cd /srv/c && mkdir -p /srv/state && /usr/bin/flock -n -E 99 /srv/state/publish-cron.lock /opt/factory publish "
                + "/srv/c/week.yaml --state /srv/state >> /srv/state/cron.log 2>&1; rc=$?; if [ $rc -eq 99 ]; then rc=75; "
                + "else /opt/factory stats /srv/c/week.yaml --state /srv/state --poll >> /srv/state/cron.log 2>&1; fi; exit $rc")
        #expect(entry.text == entry.marker + "\n" + entry.line + "\n# factory cron publish: /srv/c/week.yaml\n" + entry.publishLine + "\n")
    }

    @Test("installing again replaces both lines; removing takes both out")
    func replaceBoth() throws {
        let entry = try Self.entry()
        let existing = "MAILTO=\"\"\n" + entry.text + "30 2 * * * /usr/local/bin/backup\n"
        #expect(Crontab.replacing(manifest: entry.manifest, in: existing, with: nil) == "MAILTO=\"\"\n30 2 * * * /usr/local/bin/backup\n")
        #expect(Crontab.replacing(manifest: entry.manifest, in: existing, with: entry)
                == "MAILTO=\"\"\n30 2 * * * /usr/local/bin/backup\n" + entry.text)
    }
}
