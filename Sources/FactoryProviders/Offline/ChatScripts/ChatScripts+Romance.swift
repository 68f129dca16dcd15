import FactoryCore

/// Romance: a feeling someone has been hiding, found out by accident, and a brave last move.
extension ChatScripts {
    static let romance = [sketchbook, almostDeleted, arrivals] + romanceDates

    static let sketchbook = ChatScript(
        id: "romance-sketchbook", title: "You drew me in every page?",
        keywords: ["cafe", "café", "coffee", "sketchbook", "drawing", "crush", "artist"],
        hook: [.other("so you left your sketchbook at the café… and every page is a drawing of me? 👀"),
               .me("oh no. oh NO. I can explain")],
        middle: [
            Beat(1, .other("go on, I've got time"),
                 .me("you sit by the window every tuesday. the light is really good there. it's an art thing")),
            Beat(2, .other("an art thing"), .me("a purely professional art thing")),
            Beat(3, .other("page 12 has little hearts in the corner"), .me("those are… stars. badly drawn stars")),
            Beat(2, .other("you gave me a really nice jawline btw"), .me("I just drew what I saw 😳")),
            Beat(2, .me("this is the most embarrassing moment of my life")),
            Beat(1, .other("honestly? it's flattering. nobody's ever drawn me before")),
            Beat(3, .other("the one where I'm laughing at my phone is my favourite"), .me("you snorted coffee that day. it was adorable")),
            Beat(2, .other("so why didn't you ever just say hi"), .me("because I'm a coward who draws instead of talking")),
            Beat(2, .other("I noticed you too, you know"), .me("you did??")),
            Beat(3, .other("oat latte, extra cinnamon, every single time"), .me("ok now who's the stalker 😂")),
            Beat(2, .other("I was working up the courage for two months"), .me("TWO MONTHS? we wasted two months")),
            Beat(3, .me("can I have my sketchbook back"), .other("only if you sign the one of me. I'm keeping it")),
            Beat(3, .other("same café tuesday?"), .me("same table. I'll bring a better pencil")),
        ],
        flavours: [
            .funny: Beat(2, .other("should I be worried you drew me with a moustache on page 8"),
                         .me("that was a coffee stain and I panicked and committed 😂")),
            .scary: Beat(2, .me("wait how did you even get this number"), .other("it's written inside the cover. relax, I'm not that scary 😅")),
            .dramatic: Beat(2, .me("I almost threw that sketchbook away last week"), .other("I'm really, really glad you didn't")),
            .romantic: Beat(2, .other("nobody's ever looked at me closely enough to draw me"),
                            .me("it was easy. you're kind of impossible not to look at ❤️")),
        ],
        ending: [
            .other("one condition", pause: 1.5),
            .other("this time you sit across from me. not three tables away ❤️", reaction: "❤️"),
            .me("deal. and this time I'm drawing you in person 😊"),
        ],
        flavourAt: 6)

    static let almostDeleted = ChatScript(
        id: "romance-almost-deleted", title: "The text I deleted six times",
        keywords: ["friend", "best", "confession", "confess", "feelings", "playlist", "bestfriend"],
        hook: [.me("I need to tell you something and I've deleted this message 6 times 😬"), .other("ok now I'm scared. what's wrong?? 😳")],
        middle: [
            Beat(2, .me("nothing's wrong. it's kind of the opposite"), .other("the opposite of wrong is… right?")),
            Beat(1, .me("remember when the car broke down and we waited 3 hours for the tow truck"),
                 .other("we sang every song on your terrible playlist")),
            Beat(1, .me("that was the best night of my whole year. because of you. you idiot", pause: 1.5)),
            Beat(2, .other("…")),
            Beat(3, .me("you're typing and stopping. I can see it"), .other("I'm trying to find the right words")),
            Beat(3, .me("we can pretend I never said it"), .other("don't you dare")),
            Beat(2, .other("I kept the receipt from the gas station that night"), .me("why would you keep a receipt")),
            Beat(2, .other("because that's the night I figured it out too"), .me("figured what out")),
            Beat(2, .other("that I'd rather be stuck on a highway with you than anywhere else with anyone")),
            Beat(3, .me("ok I'm crying in a grocery store")),
            Beat(3, .me("people are staring. a man just handed me a tissue")),
            Beat(3, .other("which grocery store"), .me("the one on 5th. why")),
            Beat(3, .other("stay there"), .me("what are you doing")),
            Beat(3, .other("bringing the playlist. and snacks"), .me("you're 20 minutes away")),
            Beat(3, .other("I'm already in the car")),
        ],
        flavours: [
            .funny: Beat(2, .other("is this a prank? blink twice if you lost a bet"), .me("I can't blink over text you clown 😂")),
            .scary: Beat(2, .me("I'm so scared this ruins everything"), .other("nothing could ruin us. we survived that playlist")),
            .dramatic: Beat(2, .other("do you know how long I've waited for this"), .me("then why didn't YOU say anything!!")),
            .romantic: Beat(2, .other("I still have your hoodie from that night btw"), .me("keep it. it looks better on you anyway ❤️")),
        ],
        ending: [
            .me("why is someone outside blasting our playlist??", pause: 1.5),
            .other("it's me. phone on max volume. the speaker is awful. come outside ❤️", reaction: "❤️"),
            .me("coming. and it's STILL a terrible playlist 😂"),
        ],
        flavourAt: 6)

    static let arrivals = ChatScript(
        id: "romance-arrivals", title: "47 days until you're home",
        keywords: ["distance", "long", "airport", "visit", "surprise", "taxi", "miss"],
        hook: [.other("quick question. are you home right now? 👀"), .me("yes?? why are you being weird")],
        middle: [
            Beat(1, .other("no reason. what are you doing tonight"), .me("crying at a movie and eating cereal for dinner. the usual")),
            Beat(2, .other("very romantic"), .me("you're 4000 miles away. romance is cancelled until december")),
            Beat(2, .other("december is so far"), .me("I have a countdown app. 47 days")),
            Beat(3, .other("what if the app is wrong"), .me("it's an app, it can't be wrong")),
            Beat(2, .other("can you look out the window for me"), .me("it's raining. it's ugly. why")),
            Beat(1, .other("just check if there's a taxi outside", pause: 1.0)),
            Beat(2, .me("there's… a taxi outside"), .me("someone's getting out with a really big suitcase")),
            Beat(3, .other("what colour is the suitcase"), .me("yellow?? like the one you")),
            Beat(2, .me("WAIT", reaction: "😳")),
            Beat(2, .me("you said you couldn't get time off!!"), .other("I lied. first time ever. I'll make it up to you")),
            Beat(3, .me("I'm in my pyjamas with cereal on my shirt"), .other("perfect. that's exactly the outfit I pictured")),
            Beat(3, .me("the countdown app still says 47 days"), .other("delete it")),
            Beat(3, .me("how long are you staying"), .other("that depends")),
        ],
        flavours: [
            .funny: Beat(2, .me("if this is about the cereal, I refuse to be judged"), .other("I would never. I'm eating crisps out of my pocket rn 😂")),
            .scary: Beat(2, .me("ok you're scaring me. is something wrong??"), .other("nothing's wrong. I promise. just trust me for one minute")),
            .dramatic: Beat(2, .me("I hate this distance. I hate every single day of it"), .other("I know. I'm so done with it too")),
            .romantic: Beat(2, .other("do you still sleep with my shirt on the other pillow"), .me("…maybe. why ❤️")),
        ],
        ending: [
            .other("open the door. I took a job here. I'm not leaving this time ❤️", pause: 1.5, reaction: "❤️"),
            .me("I'm running down the stairs in my socks 😭"),
        ],
        flavourAt: 4)
}
