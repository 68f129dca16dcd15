import FactoryCore

/// Drama: a hurtful discovery between people who love each other, and an ending that turns it.
extension ChatScripts {
    static let drama = [hospital, fired, seatingChart] + dramaScenes + dramaFamily

    static let hospital = ChatScript(
        id: "drama-hospital", title: "I saw your car at the hospital",
        keywords: ["hospital", "secret", "lie", "lied", "sibling", "sister", "brother", "news"],
        hook: [.other("why did you tell me you were at work today?"), .me("because I was at work?? 😅")],
        middle: [
            Beat(1, .other("I saw your car at St. Mary's hospital. parked there for 3 hours"), .me("lots of people drive grey hatchbacks")),
            Beat(2, .other("with a dent shaped exactly like my bike?"), .me("ok. yes. I was there")),
            Beat(1, .other("are you sick? is it serious? you can tell me")),
            Beat(2, .me("I'm not sick. I promise. nobody's sick")),
            Beat(3, .other("then why were you there"), .me("can you just trust me for one week")),
            Beat(2, .other("you said 'I promise' when you quit uni too. then hid it for a month"), .me("that's not fair")),
            Beat(2, .other("what's not fair is always finding out last"), .me("I know. I'm sorry")),
            Beat(3, .other("mom noticed too. she thinks you're hiding something"), .me("please don't tell her anything yet")),
            Beat(3, .me("I've been going every week since march"), .other("SINCE MARCH??"), .other("every week?? and you never said a word")),
            Beat(2, .other("ok now you're scaring me"), .me("it's good news. it's just not only my news to tell")),
            Beat(3, .other("then whose is it"), .me("you'll find out at sunday dinner")),
            Beat(3, .other("I'm not waiting until sunday"), .me("you once waited 9 months to open a birthday present. you'll survive 3 days")),
            Beat(3, .other("fine. but I'm telling mom you lied about work")),
            Beat(3, .other("who else knows"), .me("only one other person. and they can't keep a secret either")),
        ],
        flavours: [
            .funny: Beat(2, .other("are you starring in a secret hospital soap opera"), .me("if I was I'd be the hot doctor, obviously 😂")),
            .scary: Beat(2, .other("I had a full panic attack in that parking lot"), .me("I'm so sorry. I never wanted you to worry")),
            .dramatic: Beat(2, .other("we promised no more secrets. after everything with dad"), .me("this one's different. it's a happy one. I swear")),
            .romantic: Beat(2, .me("I'm not going alone, if that helps. someone special comes with me"), .other("SOMEONE SPECIAL?? you're seeing someone??")),
        ],
        ending: [
            .other("wait. you parked on the 2nd floor. the 2nd floor at St. Mary's is the maternity ward", pause: 2.0, reaction: "😳"),
            .me("I said nothing 🤐"),
            .other("AM I ABOUT TO BECOME THE FAVOURITE RELATIVE?? 😭❤️"),
        ],
        flavourAt: 7)

    static let fired = ChatScript(
        id: "drama-fired", title: "Who told everyone I got fired?",
        keywords: ["fired", "job", "work", "boss", "betrayal", "trust", "blame", "secret"],
        hook: [.other("so you just told EVERYONE I got fired?? 😡"), .me("what?? I didn't tell anyone, I swear")],
        middle: [
            Beat(1, .other("then how does the whole team chat know"), .me("I don't know! I haven't even opened that chat today")),
            Beat(2, .other("you were the only person I told"), .me("and I kept it. I promise")),
            Beat(2, .other("someone posted 'so sorry about your job' with a sad face. at 9am"), .me("at 9am I was on a train with no signal")),
            Beat(3, .other("convenient"), .me("are you seriously doing this right now")),
            Beat(3, .other("I trusted you with one thing"), .me("and I didn't break it. think about who else could know")),
            Beat(2, .other("the only people who knew: my boss. HR. you."), .me("and anyone near you when you called me")),
            Beat(3, .other("I called you from my kitchen. alone"), .me("was your laptop open?")),
            Beat(1, .other("oh no. I had a team call running on my laptop all morning", pause: 1.5)),
            Beat(2, .me("on mute?"), .other("…it was not on mute"), .me("so the whole team heard you call me and cry about it")),
            Beat(3, .other("and eat cereal. and sing in the shower. it ran for 3 HOURS")),
            Beat(3, .me("I'm so sorry but that's a little bit funny")),
            Beat(3, .other("you're laughing. I can tell"), .me("I'm not!! ok a little 😂")),
            Beat(2, .other("I'm so sorry I blamed you. I was just so hurt"), .me("I know. I'd never do that to you")),
        ],
        flavours: [
            .funny: Beat(2, .me("remember when your laptop read my breakup text out loud to your grandma"),
                         .other("NOT the time 😂 …ok a little bit the time")),
            .scary: Beat(2, .other("my hands are shaking. what if nobody ever hires me again"), .me("hey. breathe. you're the best at what you do")),
            .dramatic: Beat(2, .other("10 years of friendship and I doubted you in 10 seconds"), .me("we'll talk about that later. let's fix this first")),
            .romantic: Beat(2, .me("for the record I'd never risk losing you. not for anything ❤️"),
                            .other("stop being sweet when I'm trying to be mad at you")),
        ],
        ending: [
            .other("wait. my boss just messaged me", pause: 1.5),
            .other("he heard me say I could 'fix that app in a weekend'. he wants me back. as team lead 😳", reaction: "😳"),
            .me("so getting fired got you promoted?? 😂"),
        ],
        flavourAt: 9)

    static let seatingChart = ChatScript(
        id: "drama-seating-chart", title: "I'm not on your wedding seating chart",
        keywords: ["wedding", "seating", "invite", "invited", "bride", "groom", "officiant"],
        hook: [.me("so I'm not on your wedding seating chart. cool. really cool 🙂"), .other("wait how did you even see the seating chart??")],
        middle: [
            Beat(1, .me("your mom posted it in the family group by accident"), .other("of course she did")),
            Beat(2, .me("every name is there. your gym friend. your DENTIST. not me"), .other("my dentist is my cousin, that's different")),
            Beat(1, .me("15 years. I held your hair at prom. and I'm not on the chart")),
            Beat(2, .other("can you please let me explain")),
            Beat(3, .me("go ahead"), .other("not over text. can you come over")),
            Beat(3, .me("no. say it here"), .other("ok I'm calling you"), .me("declined.")),
            Beat(3, .other("seriously?? you declined me??")),
            Beat(2, .me("did I do something? just tell me"), .other("you didn't do anything wrong. I promise")),
            Beat(3, .other("there's a reason you're not at a table"), .me("yeah. because I'm not invited. I can read")),
            Beat(2, .other("look at the chart again. top of the page"), .me("the head table? it's just you two and 'officiant: TBD'")),
            Beat(2, .other("read the tiny note next to TBD"), .me("it says 'asking them this week'")),
            Beat(3, .me("asking who"), .other("who do you think 🙄")),
            Beat(3, .me("I'm not even ordained"), .other("it takes 10 minutes online. I already checked")),
        ],
        flavours: [
            .funny: Beat(2, .me("I was going to get you a blender. now you're getting a napkin"), .other("a napkin is honestly on the registry 😂")),
            .scary: Beat(2, .me("my heart is pounding. I thought I'd lost you over a spreadsheet"),
                         .other("you could never lose me. especially not to excel")),
            .dramatic: Beat(2, .me("I cried in the car for twenty minutes"), .other("please don't. I hate that I made you feel like this")),
            .romantic: Beat(2, .other("you're the reason we even met, remember?"), .me("the blind date I set up. I'm a genius ❤️")),
        ],
        ending: [
            .me("wait. you want ME to marry you two??", pause: 1.5),
            .other("I was going to ask with a cake and everything. you ruined the cake 😭"),
            .me("I'm crying. YES. obviously yes ❤️", reaction: "❤️"),
        ],
        flavourAt: 7)
}
