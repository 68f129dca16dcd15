import FactoryCore

/// Horror: eerie, never gory. Something is where it should not be, and the ending shows it is closer.
extension ChatScripts {
    static let horror = [doorbell, ownNumber, houseRules] + horrorSignals + horrorVisits

    static let doorbell = ChatScript(
        id: "horror-doorbell", title: "Who rang my doorbell at 3am?",
        keywords: ["door", "doorbell", "camera", "porch", "raincoat", "3am"],
        hook: [.me("why did you just ring my doorbell at 3am?? 😳"), .other("what?? I'm in bed. that wasn't me")],
        middle: [
            Beat(1, .me("the doorbell cam literally shows you. your yellow raincoat and everything"),
                 .other("I gave that raincoat away last winter. donation bin by the old church")),
            Beat(3, .other("are you sure it's not just a neighbour?")),
            Beat(1, .me("whoever it is, they're still on my porch. haven't moved in ten minutes 👀")),
            Beat(2, .other("ok do NOT open the door"), .me("not opening anything. I'm under my blanket holding a lamp")),
            Beat(2, .me("wait it's holding something up to the camera"), .other("what is it"),
                 .me("a note. it says 'can I come in? it's cold'", pause: 1.5)),
            Beat(3, .other("is your back door locked?"), .me("checked. locked. windows too")),
            Beat(2, .me("it just said my name through the door speaker 😳"),
                 .other("the speaker only works if someone answers in the app"), .me("I KNOW")),
            Beat(3, .me("why does it know my name"), .other("why does it have my coat")),
            Beat(2, .other("I'm getting dressed. I'm coming over"), .me("no don't come here alone")),
            Beat(3, .other("too late, already in the car. 5 min")),
            Beat(3, .me("the porch light flickers every time it knocks"), .other("keep texting me. every minute")),
            Beat(3, .me("still here. still knocking 😶")),
            Beat(3, .other("2 min away. which lights are on"), .me("just the hallway. I'm not moving")),
        ],
        flavours: [
            .funny: Beat(2, .me("if I don't make it, my netflix password is on the fridge 💀"), .other("you're doing stand-up at 3am??")),
            .scary: Beat(2, .me("the dog won't stop growling at the front door"), .other("dogs know things. listen to the dog")),
            .dramatic: Beat(2, .other("I TOLD you to stop leaving the spare key under the mat"), .me("can we not do this right now!!")),
            .romantic: Beat(2, .other("I'm not letting anything happen to you. ever."), .me("…you picked a weird time to be sweet ❤️")),
        ],
        ending: [
            .other("ok I drove over. I'm on your porch. nobody's here. no footprints, nothing"),
            .me("the camera still shows it. it's right next to you", pause: 2.0, reaction: "😱"),
            .other("there's nobody here. but someone just waved at me from your upstairs window 😶"),
        ],
        flavourAt: 4)

    static let ownNumber = ChatScript(
        id: "horror-own-number", title: "My own number texted me a warning",
        keywords: ["number", "warning", "lake", "future", "myself", "loop"],
        hook: [.other("don't go to the lake today"), .me("who is this?? why is this coming from MY number 😳")],
        middle: [
            Beat(2, .other("you know who this is. grey hoodie. tea stain on the left sleeve"), .me("how do you know that")),
            Beat(3, .me("are you in my room??"), .other("I'm not anywhere you could find me")),
            Beat(1, .other("at 4:00 someone calls and asks you to come to the lake. say no")),
            Beat(2, .me("why would I listen to a random text"), .other("because at 3:58 your phone buzzes with this exact message again")),
            Beat(2, .me("it's 3:58"), .me("it buzzed. same message. word for word 😶", reaction: "😳"), .other("and now it rings")),
            Beat(1, .me("it's ringing. my cousin. asking about the lake 👀"), .other("say no.")),
            Beat(3, .me("I said no. they're going anyway"), .other("that's their choice. it was never about them")),
            Beat(2, .me("then what happens at the lake"), .other("I can't tell you. it changes every time I tell you")),
            Beat(3, .me("every time?? how many times have we done this"), .other("this is the eleventh"), .me("and the other ten?")),
            Beat(3, .other("you went anyway.", pause: 1.0)),
            Beat(2, .me("ok say I believe you. what do I do"), .other("stay home. lock the door. don't open it for anyone")),
            Beat(3, .me("what if someone needs help"), .other("then you help them from behind a locked door")),
        ],
        flavours: [
            .funny: Beat(2, .me("if you're me, what's my most embarrassing secret"), .other("the shower concert. the one you recorded. twice 💀")),
            .scary: Beat(2, .other("don't look at the window"), .me("why would you SAY that 😨")),
            .dramatic: Beat(2, .me("why should I trust you. I don't even trust myself"), .other("that's exactly why it had to be me who warns you")),
            .romantic: Beat(2, .other("one more thing. text them back. the one you keep almost texting ❤️"), .me("ok you really ARE me")),
        ],
        ending: [
            .me("someone's knocking. they say it's mom, home early", pause: 1.5),
            .other("mom doesn't get home until 9.", pause: 2.0),
            .me("…then why does she have a key 😶", reaction: "😱"),
        ],
        flavourAt: 8, stranger: "Unknown")

    static let houseRules = ChatScript(
        id: "horror-house-rules", title: "House-sitting rule 4: knock back twice",
        keywords: ["house", "attic", "rules", "sitting", "housesitting", "cat", "fridge"],
        hook: [.me("quick q, why is there a list of rules taped inside the fridge?? 👀"),
               .other("oh. I forgot to mention that. just follow them and you'll be fine")],
        middle: [
            Beat(2, .me("rule 4 says 'if something knocks from the attic, knock back twice'"), .other("yep. twice. not once, not three times")),
            Beat(3, .me("lol ok very funny, you're pranking me"), .other("I'm really not")),
            Beat(3, .me("the cat keeps sitting under the attic hatch. just staring up"), .other("that's normal. she likes it up there")),
            Beat(1, .me("ok there's knocking. actual knocking 😳"), .me("I knocked back twice. it stopped")),
            Beat(2, .other("good. see? easy"), .me("EASY??")),
            Beat(1, .me("now it's calling my name from up there. in YOUR voice", pause: 1.5)),
            Beat(2, .other("I'm in Portugal. do not answer it.")),
            Beat(2, .me("it wants me to bring the cat up"), .other("absolutely not. the cat stays downstairs")),
            Beat(3, .me("how long has this been going on"), .other("since we moved in. it's mostly harmless if you follow the list")),
            Beat(3, .me("MOSTLY??"), .other("it was only ever rude to my brother. he skipped rule 2")),
            Beat(3, .me("rule 2 is torn off"), .other("leave a cup of warm milk on the bottom step at night"),
                 .me("I've been here 3 nights and haven't done that once")),
            Beat(2, .me("ok I left warm milk on the step like rule 2 says. knocking stopped"), .other("see? you're a natural")),
            Beat(3, .me("the cat is purring at the hatch now. somehow that's worse")),
        ],
        flavours: [
            .funny: Beat(2, .me("is the attic thing on the lease or"), .other("it pays more rent than my brother did 😂")),
            .scary: Beat(2, .me("the cat just hissed at the ceiling and ran under the bed"), .other("then stay out of the hallway for a bit")),
            .dramatic: Beat(2, .me("you could have TOLD me before I said yes to this"), .other("would you have said yes? exactly")),
            .romantic: Beat(2, .other("I'd never leave you somewhere unsafe. calling you in 5 ❤️"), .me("you better. I miss your voice. your REAL one")),
        ],
        ending: [
            .me("there's a NEW note on the bottom step. it wasn't there 5 min ago", pause: 1.5),
            .other("what does it say"),
            .me("it's in crayon. 'thank you for the milk. can the cat come up now?' 😶", reaction: "😱"),
        ],
        flavourAt: 7)
}
