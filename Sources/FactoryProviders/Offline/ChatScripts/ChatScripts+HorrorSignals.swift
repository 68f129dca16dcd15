import FactoryCore

/// More horror, so a weekly horror series has a new story for a quarter of a year before any
/// comes back (the content memory refuses a title or an opening published in the last 12 weeks).
extension ChatScripts {
    static let horrorSignals = [babyMonitor, extraPhotos, thirteenthFloor, smartLock, mirrorDelay, carRadio]

    static let babyMonitor = ChatScript(
        id: "horror-baby-monitor", title: "A lullaby on the baby monitor",
        keywords: ["baby", "monitor", "lullaby", "nursery", "crib", "humming"],
        hook: [.me("are you humming into the baby monitor? it's 2am"), .other("I'm downstairs making a bottle. I'm not humming")],
        middle: [
            Beat(1, .me("someone is humming a lullaby. right now. through the monitor"), .other("it's probably picking up the neighbours")),
            Beat(2, .me("the neighbours are on holiday"), .other("then another house. they do that")),
            Beat(1, .me("it just said her name. softly", pause: 1.0)),
            Beat(3, .other("I'm coming up")),
            Beat(2, .me("the camera shows the mobile turning"), .other("the window might be open")),
            Beat(3, .me("the window's been painted shut since we moved in"), .other("then it's the heating. air moves")),
            Beat(2, .me("the humming stopped when you said that")),
            Beat(3, .other("I'm on the stairs"), .me("hurry")),
            Beat(2, .me("now it's whispering 'shh, shh'"), .other("like a parent does")),
            Beat(3, .me("exactly like a parent does"), .other("ok that's not funny anymore")),
            Beat(2, .other("the stairs are creaking but I'm not moving"), .me("then who's on the stairs")),
            Beat(3, .me("the camera just turned to face the door by itself")),
            Beat(3, .other("those cameras can't turn"), .me("I know they can't")),
            Beat(3, .other("I'm outside the nursery door. it's warm. like someone's been in there")),
            Beat(3, .me("go in. please go in")),
        ],
        flavours: [
            .funny: Beat(2, .other("maybe it's a very polite burglar who loves babies"), .me("this is NOT the time for jokes 😅")),
            .scary: Beat(2, .me("the lullaby is the one my grandmother used to sing"), .other("nobody else knows that one 😨")),
            .dramatic: Beat(2, .other("I told you this house was too cheap"), .me("can we please fight about it later")),
            .romantic: Beat(2, .other("whatever's in there, I'm not letting it near either of you"), .me("I love you. now please hurry")),
        ],
        ending: [
            .other("she's fast asleep. tucked in. there's a blanket on her I've never seen before", pause: 2.0, reaction: "😨"),
            .me("it's a hand-knitted one, isn't it. with her initials"),
            .other("how did you know"),
        ],
        flavourAt: 6)

    static let extraPhotos = ChatScript(
        id: "horror-extra-photos", title: "Photos on my phone I never took",
        keywords: ["photos", "pictures", "gallery", "camera", "sleeping", "album"],
        hook: [.other("why did you send me a photo of yourself asleep?"), .me("I didn't send you anything. I WAS asleep")],
        middle: [
            Beat(1, .other("it came from your phone at 3:12am"), .me("my phone was on the bedside table")),
            Beat(2, .me("checking my gallery"), .other("and?")),
            Beat(1, .me("there are 40 photos from last night. all of me sleeping", pause: 1.0)),
            Beat(3, .other("ok this is really not ok")),
            Beat(2, .me("they're taken from the doorway"), .other("is your door locked?")),
            Beat(3, .me("locked and chained. I checked twice before bed"), .other("then how did someone get there")),
            Beat(2, .me("the last one is closer. much closer")),
            Beat(3, .other("delete them"), .me("I tried. they come back")),
            Beat(2, .other("is anyone else in your flat"), .me("just me and the cat")),
            Beat(3, .other("the cat can't use a phone"), .me("I KNOW the cat can't use a phone")),
            Beat(2, .me("a new one just appeared. taken one minute ago"), .other("what's in it")),
            Beat(3, .me("me. on my sofa. texting you")),
            Beat(3, .other("from where"), .me("from behind")),
            Beat(3, .other("get out of the flat. now")),
            Beat(3, .me("I'm putting my shoes on"), .other("don't look behind you. just go")),
        ],
        flavours: [
            .funny: Beat(2, .other("at least you're photogenic when you sleep"), .me("I'm DROOLING in all of them 😅")),
            .scary: Beat(2, .me("in one of them there's a shadow on my pillow. long fingers"), .other("stop. please stop describing them 😨")),
            .dramatic: Beat(2, .other("this is exactly what happened to my cousin"), .me("you NEVER told me that")),
            .romantic: Beat(2, .other("come stay with me tonight. please"), .me("I'm already packing a bag ❤️")),
        ],
        ending: [
            .me("I'm outside. I'm safe. I'm on the street", pause: 2.0),
            .other("then who just sent me a new photo of you standing on the street?", reaction: "😱"),
            .other("it's taken from your window"),
        ],
        flavourAt: 6)

    static let thirteenthFloor = ChatScript(
        id: "horror-thirteenth-floor", title: "The lift stopped at floor 13",
        keywords: ["lift", "elevator", "floor", "hotel", "thirteen", "building"],
        hook: [.me("what's on the 13th floor of your building?"), .other("there isn't one. it goes 12, 14. why?")],
        middle: [
            Beat(1, .me("the lift just stopped at 13. the doors are open"), .other("that's not funny. close them")),
            Beat(2, .me("I'm pressing the button. nothing"), .other("press the alarm")),
            Beat(1, .me("the alarm button just blinks. no sound", pause: 1.0)),
            Beat(3, .other("what can you see")),
            Beat(2, .me("a long corridor. green carpet. very old lamps"), .other("our corridors are grey. and new")),
            Beat(3, .me("there's music. like a record playing far away"), .other("don't get out of the lift")),
            Beat(2, .me("a door at the end of the corridor just opened")),
            Beat(3, .other("what number is on it"), .me("your flat number")),
            Beat(2, .other("I'm IN my flat. the door is closed"), .me("then who's in that doorway")),
            Beat(3, .me("it's too dark to see. it's waving")),
            Beat(2, .other("I'm calling building security"), .me("hurry please")),
            Beat(3, .other("they said the lift is at the ground floor. empty")),
            Beat(3, .me("I'm not at the ground floor"), .other("I know you're not")),
            Beat(3, .me("the lamps are switching off one by one. towards me")),
            Beat(3, .other("press 14. press every button")),
        ],
        flavours: [
            .funny: Beat(2, .other("is there at least a vending machine"), .me("I'm NOT shopping on a haunted floor 😅")),
            .scary: Beat(2, .me("the lift mirror shows someone standing behind me"), .other("DON'T TURN AROUND 😨")),
            .dramatic: Beat(2, .other("I should have met you in the lobby like I said"), .me("blame yourself later. help me now")),
            .romantic: Beat(2, .other("stay on the line with me. I'm right here"), .me("keep talking. your voice helps ❤️")),
        ],
        ending: [
            .me("the doors closed. I'm on 14. I'm running to your flat", pause: 2.0),
            .other("I'm at my door. the lift just opened on 14. it's empty", reaction: "😶"),
            .other("but there's music coming from it. an old record"),
        ],
        flavourAt: 6)

    static let smartLock = ChatScript(
        id: "horror-smart-lock", title: "The lock says someone came in",
        keywords: ["lock", "code", "keypad", "entry", "smart", "app"],
        hook: [.other("did you come home at 2:47? the lock app says front door, your code"), .me("I'm at my sister's. I've been here all evening")],
        middle: [
            Beat(1, .other("it says 'welcome home' at 2:47. and 'goodbye' never"), .me("so whoever it is is still inside")),
            Beat(2, .other("I'm in bed. I didn't hear anything"), .me("change the code. right now")),
            Beat(1, .other("I changed it. it just opened again. with the NEW code", pause: 1.0)),
            Beat(3, .me("that's impossible")),
            Beat(2, .other("I can hear the kettle"), .me("is anyone meant to be there")),
            Beat(3, .other("nobody. the cat is on my bed"), .me("keep the bedroom door shut")),
            Beat(2, .me("I'm driving back now. 15 minutes")),
            Beat(3, .other("someone's humming in the kitchen"), .me("what song")),
            Beat(2, .other("the song you always hum when you make tea"), .me("that's not funny. I'm not there")),
            Beat(3, .other("I know you're not there")),
            Beat(2, .other("footsteps on the stairs. slow ones"), .me("lock your door. push something in front of it")),
            Beat(3, .other("I pushed the chest of drawers")),
            Beat(3, .me("10 minutes"), .other("it stopped outside my door")),
            Beat(3, .other("it knocked. the way you knock. two quick ones")),
            Beat(3, .me("don't open it. whatever it says")),
        ],
        flavours: [
            .funny: Beat(2, .other("if it's a burglar at least it's making tea"), .me("a very polite burglar 😅")),
            .scary: Beat(2, .other("it just said my name. in your voice"), .me("I'm in the car. it's not me. it's NOT ME 😨")),
            .dramatic: Beat(2, .me("I told you that lock was a bad idea"), .other("you chose it!!")),
            .romantic: Beat(2, .me("I should never have left you alone tonight"), .other("just get here. please ❤️")),
        ],
        ending: [
            .me("I'm here. I'm outside. the app says the door is locked and I'm already inside", pause: 2.0),
            .other("then who's on the drive?", reaction: "😨"),
            .other("it's waving at me. it looks just like you"),
        ],
        flavourAt: 6)

    static let mirrorDelay = ChatScript(
        id: "horror-mirror-delay", title: "My reflection is one second late",
        keywords: ["mirror", "reflection", "bathroom", "glass", "late", "copy"],
        hook: [.me("weird question. can a mirror be slow?"), .other("slow? like a slow clock?")],
        middle: [
            Beat(1, .me("my reflection waved about a second after I did"), .other("you're tired. go to bed")),
            Beat(2, .me("I'm testing it. I'm nodding"), .other("and?")),
            Beat(1, .me("it nodded. then it kept nodding after I stopped", pause: 1.0)),
            Beat(3, .other("ok I don't like this")),
            Beat(2, .me("the hallway mirror does it too"), .other("cover them up. use towels")),
            Beat(3, .me("I covered the bathroom one. I can hear tapping behind the towel"), .other("don't lift it")),
            Beat(2, .me("now the phone screen. when it's dark. it's smiling")),
            Beat(3, .other("you're smiling?"), .me("I'm NOT smiling")),
            Beat(2, .other("turn all the lights on"), .me("the windows are mirrors now. it's dark outside")),
            Beat(3, .me("there are five of me in the living room windows")),
            Beat(2, .other("I'm coming to get you"), .me("bring a blanket. a big one")),
            Beat(3, .me("they're all looking at the front door")),
            Beat(3, .other("why the front door"), .me("I think they're waiting for you")),
            Beat(3, .other("I'm outside. the door's locked"), .me("I didn't lock it")),
            Beat(3, .me("unlocking it now")),
        ],
        flavours: [
            .funny: Beat(2, .other("does it at least do your hair better"), .me("it's having a GREAT hair day. rude 😅")),
            .scary: Beat(2, .me("I blinked and it didn't"), .other("ok please get out of the house now 😨")),
            .dramatic: Beat(2, .me("mum said the last owner covered every mirror"), .other("and you didn't think to tell me that??")),
            .romantic: Beat(2, .other("you're the only one of you I want to see tonight"), .me("just get here ❤️")),
        ],
        ending: [
            .other("I'm in. I'm in the hallway. where are you?", pause: 2.0),
            .me("I'm in the hallway. right next to you. look at me", reaction: "😶"),
            .other("the hallway is empty. but the mirror shows you. standing behind me"),
        ],
        flavourAt: 6)

    static let carRadio = ChatScript(
        id: "horror-car-radio", title: "The radio keeps saying my name",
        keywords: ["radio", "car", "station", "drive", "driving", "static"],
        hook: [.me("is there a radio station that reads out people's names?"), .other("not that I know of. why, did you win something?")],
        middle: [
            Beat(1, .me("it said my name. then my street. then 'take the next left'"), .other("that's your sat nav, silly")),
            Beat(2, .me("I don't HAVE sat nav"), .other("then it's a prank show")),
            Beat(1, .me("I turned it off. it's still talking", pause: 1.0)),
            Beat(3, .other("pull over")),
            Beat(2, .me("I pulled over. it said 'not here'"), .other("drive to mine. it's close")),
            Beat(3, .me("it's playing a song now. an old one"), .other("which one")),
            Beat(2, .me("the one dad played in this car every summer. he sold it in 1995")),
            Beat(3, .other("you're freaking me out"), .me("I'm freaking ME out")),
            Beat(2, .other("is anyone following you"), .me("one car. headlights off")),
            Beat(3, .me("the radio said 'don't look in the mirror'")),
            Beat(2, .other("then DON'T"), .me("I'm not looking. I'm not looking")),
            Beat(3, .me("it's counting down now. 10. 9. 8")),
            Beat(3, .other("where are you"), .me("the bridge by the old mill")),
            Beat(3, .other("I'm on my porch. I can see the bridge from here")),
            Beat(3, .me("it's at 3")),
        ],
        flavours: [
            .funny: Beat(2, .other("ask it for the weather"), .me("it said 'cloudy. with a chance of me' 😅")),
            .scary: Beat(2, .me("the static sounds like breathing"), .other("turn it down. please turn it down 😨")),
            .dramatic: Beat(2, .other("I TOLD you to sell that car after what happened"), .me("nothing happened. nobody ever told me what happened")),
            .romantic: Beat(2, .other("I'm staying on the phone with you the whole way"), .me("don't hang up. promise ❤️")),
        ],
        ending: [
            .me("it said 'welcome home'. I'm on your porch. where are you?", pause: 2.0),
            .other("I'm on my porch too. there's nobody here", reaction: "😨"),
            .other("but there's a car on the bridge. headlights off. and my radio just said your name"),
        ],
        flavourAt: 6)
}
