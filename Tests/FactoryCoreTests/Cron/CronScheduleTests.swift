import FactoryCore
import Testing

@Suite("Cron schedules")
struct CronScheduleTests {
    @Test("schedules cron accepts", arguments: [
        ("0 6 * * 1", "0 6 * * 1"), ("0  6\t* * mon", "0 6 * * mon"), ("*/15 * * * *", "*/15 * * * *"),
        ("0 6 1,15 * *", "0 6 1,15 * *"), ("30 5 * jan-mar mon-fri", "30 5 * jan-mar mon-fri"), ("0 0 * * 7", "0 0 * * 7"),
        ("0-30/10 8-18/2 * * 1-5", "0-30/10 8-18/2 * * 1-5"), ("59 23 31 12 6", "59 23 31 12 6"), ("@weekly", "@weekly"),
        ("@DAILY", "@daily"), ("@reboot", "@reboot"), ("0 6 * * SUN", "0 6 * * SUN"),
    ])
    func valid(_ text: String, _ normalised: String) throws {
        #expect(try CronSchedule(text).description == normalised)
    }

    @Test("schedules cron refuses, each with a message naming the field and the fix", arguments: [
        ("0 6 * *", "a schedule has 5 fields (minute hour day-of-month month day-of-week), this has 4"),
        ("0 0 6 * * 1", "this has 6 (cron has no seconds or year field)"),
        ("60 6 * * 1", "minute \"60\": 60 is out of range 0-59"),
        ("0 24 * * 1", "hour \"24\": 24 is out of range 0-23"),
        ("0 6 0 * *", "day of month \"0\": 0 is out of range 1-31"),
        ("0 6 * 13 *", "month \"13\": 13 is out of range 1-12 or jan-dec"),
        ("0 6 * * 8", "day of week \"8\": 8 is out of range 0-7 or sun-sat"),
        ("0 6 * * monday", "\"monday\" is not a number in 0-7 or sun-sat"),
        ("0 6 * * fri-mon", "the range fri-mon runs backwards"),
        ("*/0 * * * *", "the step \"0\" is not a whole number from 1"),
        ("*/61 * * * *", "the step 61 is longer than the range 0-59"),
        ("5/10 * * * *", "a step needs a range or *: write 5-59/10 or */10"),
        ("0 6 ? * 1", "is Quartz syntax"),
        ("0 6 1,,2 * *", "an empty list element"),
        ("@fortnightly", "@fortnightly is not a cron nickname"),
        ("", "this has 0"),
    ])
    func invalid(_ text: String, _ message: String) {
        #expect {
            try CronSchedule(text)
        } throws: { error in
            "\(error)".hasPrefix("schedule \"\(text)\": ") && "\(error)".contains(message)
        }
    }
}
