import FactoryCore

/// Mystery: a clue that makes no sense, a trail of small discoveries, and the answer nobody guessed.
extension ChatScripts {
    static let mystery = [libraryNote, morseLight, wrongCar] + mysteryCases

    static let libraryNote = ChatScript(
        id: "mystery-library-note", title: "My name was in a library book",
        keywords: ["library", "book", "note", "clue", "grandma", "birthday", "clock"],
        hook: [.me("there's a note in the library book I just borrowed. it has my name on it 😳"), .other("your NAME? like your full name?")],
        middle: [
            Beat(1, .me("full name. and today's date. the stamp says nobody's borrowed it in 18 years"), .other("ok that's impossible")),
            Beat(2, .other("what does the note say"), .me("'page 112. look closer.'")),
            Beat(1, .me("page 112 has letters circled in pencil. they spell CLOCK TOWER")),
            Beat(3, .other("the old clock tower by the river?"), .me("the one stuck at 4:15 forever")),
            Beat(2, .me("ok I'm at the clock tower"), .other("you went ALONE??")),
            Beat(3, .me("it's 2pm on a tuesday, relax"), .other("that's what people say in every mystery movie right before")),
            Beat(2, .me("there's a little door at the base. it's unlocked"), .other("of course it is")),
            Beat(2, .me("there's a box inside. with a library card", pause: 1.0)),
            Beat(3, .other("whose card"), .me("my grandma's. dated the year I was born")),
            Beat(3, .other("your grandma was a librarian right?"), .me("head librarian for 30 years")),
            Beat(3, .other("so she planted the note"), .me("and knew the exact day I'd borrow that book??")),
            Beat(3, .other("ok now I have chills")),
            Beat(2, .me("and a letter. sealed. my name on it in her handwriting"), .other("OPEN IT")),
            Beat(3, .me("it's sealed with one of her cat stickers. it's definitely her")),
        ],
        flavours: [
            .funny: Beat(2, .other("if this ends in a timeshare pitch I'm blocking you"), .me("an 18 year timeshare scheme would honestly be impressive 😂")),
            .scary: Beat(2, .me("I'm at the clock tower and it just TICKED. it's been stuck for years"), .other("get out of there 😨")),
            .dramatic: Beat(2, .me("I haven't been to grandma's house since the funeral"), .other("maybe that's exactly why she did this")),
            .romantic: Beat(2, .other("this is the most romantic thing I've ever seen and it's not even a date"),
                            .me("she always said the best love letters are puzzles ❤️")),
        ],
        ending: [
            .me("it says 'happy 18th birthday. I asked the library to hold this book for you until today'", pause: 2.0, reaction: "🥺"),
            .me("'the next clue is at home. love, grandma'"),
            .other("she planned your birthday 18 years ahead?? legend 😭"),
        ],
        flavourAt: 6)

    static let morseLight = ChatScript(
        id: "mystery-morse-light", title: "The empty house is blinking at me",
        keywords: ["neighbour", "neighbor", "light", "morse", "signal", "window", "empty"],
        hook: [.other("is the light in the empty house next door blinking or am I losing it 👀"),
               .me("the empty one? nobody's lived there in a year")],
        middle: [
            Beat(2, .other("well somebody's flicking the attic light. on off on off"), .me("ok I see it now. that's not random")),
            Beat(2, .me("short short short. long long long. it's morse code"), .other("how do you know morse code")),
            Beat(3, .me("scouts. I had a lot of badges")),
            Beat(1, .me("it's spelling something. L… O… O… K… D… O… W… N", pause: 1.0)),
            Beat(2, .other("ok I'm looking down. it's just my driveway"), .me("not yours. MINE. there's something on my doormat")),
            Beat(2, .other("don't you dare go out there")),
            Beat(1, .me("there's a walkie talkie on my doormat. the old kind with the long antenna"), .other("WHY IS THERE A WALKIE TALKIE")),
            Beat(2, .me("it just crackled. a kid's voice asked 'is this the person with the telescope'"), .other("you DO have a telescope")),
            Beat(3, .me("ok I'm talking to them over the walkie now"), .other("of course you are")),
            Beat(3, .me("they have a very serious radio voice. it's adorable")),
            Beat(3, .me("they said 'we just moved in. the power's not on yet'"), .other("so it's not empty anymore")),
            Beat(3, .me("they've been signalling for 3 nights. nobody answered"), .other("that's kind of heartbreaking")),
            Beat(3, .me("they want to know if the stars look better from my roof"), .other("do they?")),
            Beat(3, .me("they said their name is Captain. that's all I get"), .other("captain of what")),
        ],
        flavours: [
            .funny: Beat(2, .other("if this is a ghost I'm moving back in with my mom"), .me("a ghost with a flashlight app? be serious 😂")),
            .scary: Beat(2, .me("there's a shadow in the attic window. small. like REALLY small"), .other("a small shadow is NOT better 😨")),
            .dramatic: Beat(2, .me("I called the agent selling that house. straight to voicemail"), .other("that's it. I'm coming over")),
            .romantic: Beat(2, .other("if it spells my name next I'm marrying you"), .me("it's morse code, not a proposal 😂 …but noted ❤️")),
        ],
        ending: [
            .other("wait. do they say 'roger roger' after everything?", pause: 1.5),
            .me("…they literally just said 'roger roger' 😳"),
            .other("THAT'S MY LITTLE BROTHER. he's supposed to be asleep. in MY house 😭", reaction: "😂"),
        ],
        flavourAt: 4)

    static let wrongCar = ChatScript(
        id: "mystery-wrong-car", title: "Someone's been driving my car at night",
        keywords: ["car", "drive", "driving", "keys", "parking", "stolen", "thief"],
        hook: [.me("did you borrow my car last night?? the seat's pushed all the way back 👀"), .other("I don't even have your keys. what's going on")],
        middle: [
            Beat(2, .me("the radio's on a jazz station. I have never listened to jazz in my life"), .other("maybe it's a sign. embrace jazz")),
            Beat(2, .me("there's a gym bag on the back seat. not mine"), .other("ok that IS weird")),
            Beat(1, .me("and the tank is full. I left it on empty")),
            Beat(3, .me("also it's really clean. like vacuumed clean")),
            Beat(2, .other("someone stole your car to… fill it up and bring it back?")),
            Beat(3, .me("the most polite car thief in history"), .other("check the mileage")),
            Beat(3, .me("I never check the mileage. I don't know what it was"), .other("you're a terrible detective")),
            Beat(2, .me("there's a parking ticket on the dash. from the other side of town"), .other("what time")),
            Beat(3, .me("6am. I was asleep at 6am"), .other("early mornings. gym bag. it's a gym person")),
            Beat(3, .me("I'm going to stake out the car tonight"), .other("you're going to fall asleep in 10 minutes")),
            Beat(2, .me("wait. the air freshener is a pine tree. mine's strawberry"), .other("and you're JUST noticing??")),
            Beat(1, .me("the keychain has a tiny surfboard. I don't surf"), .other("are you sure that's your car")),
            Beat(3, .me("same model. same silver. same parking spot"), .other("same plate?")),
            Beat(3, .me("checking")),
        ],
        flavours: [
            .funny: Beat(2, .other("a car thief who fills the tank? I want one 😂"), .me("honestly they can keep borrowing it")),
            .scary: Beat(2, .me("what if they're still around. what if they're watching me right now"),
                         .other("lock the doors and stop listening to true crime podcasts")),
            .dramatic: Beat(2, .me("this was my dad's car. if something happened to it I'd lose it"),
                            .other("nothing's happened to it. we'll figure this out together")),
            .romantic: Beat(2, .me("there's a note in the glovebox. 'see you at sunrise ❤️'"), .other("someone's having a whole love story in your car")),
        ],
        ending: [
            .me("different plate. ONE letter off 😳", pause: 2.0),
            .other("so you've been driving your neighbour's car. for how long"),
            .me("a week. my key works in both. and they've been driving MINE 💀", reaction: "😂"),
        ],
        flavourAt: 5)
}
