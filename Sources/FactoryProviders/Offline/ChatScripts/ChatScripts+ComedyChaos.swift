import FactoryCore

/// Still more comedies: small disasters at the gym, at home and at a party, each with a happy turn.
extension ChatScripts {
    static let comedyChaos = [wrongClass, twoFamilyCat, flatPack, voiceNotes, costumeParty]

    static let wrongClass = ChatScript(
        id: "comedy-wrong-class", title: "I joined the wrong class at 6am",
        keywords: ["gym", "class", "workout", "fitness", "choir", "singing"],
        hook: [.me("so I went to the 6am 'power class' and it's a CHOIR 🎶"), .other("how do you confuse a gym and a choir")],
        middle: [
            Beat(1, .me("same building, room 4B, and I was too sleepy to read the sign"), .other("did you leave")),
            Beat(2, .me("I was wearing a sweatband. they thought it was a costume"), .other("and you just… stayed?")),
            Beat(1, .me("they put me with the tenors", pause: 1.0)),
            Beat(3, .other("you are NOT a tenor")),
            Beat(2, .me("I know that now. so do they"), .other("please tell me someone recorded this")),
            Beat(3, .me("the lady next to me gave me a cough sweet halfway through"), .other("that's choir for 'please stop'")),
            Beat(2, .other("what song was it")),
            Beat(3, .me("something in latin. I sang 'la' the whole time"), .other("a classic")),
            Beat(2, .me("the conductor asked me to 'project'"), .other("oh no. you projected")),
            Beat(3, .me("a pigeon left the windowsill"), .other("the pigeon had taste")),
            Beat(2, .me("but honestly? it was the best workout of my life"), .other("from singing??")),
            Beat(3, .me("my abs hurt. my face hurts. I'm sweating")),
            Beat(3, .other("so you're going back"), .me("I've been given a folder. with my NAME on it")),
            Beat(3, .other("there's no turning back from a folder")),
            Beat(3, .me("we rehearse tuesdays and thursdays"), .other("cancel your gym membership")),
        ],
        flavours: [
            .funny: Beat(2, .other("what's the choir called"), .me("'the silver songbirds'. average age 74 😂")),
            .scary: Beat(2, .me("the room went silent and everyone turned to look at me"), .other("the tenor section has spoken 😬")),
            .dramatic: Beat(2, .me("I tried to sneak out and the door was locked"), .other("destiny locked that door")),
            .romantic: Beat(2, .me("the alto next to me has the nicest laugh"), .other("so THAT'S why you stayed ❤️")),
        ],
        ending: [
            .me("they've asked me to do a solo at the spring concert", pause: 2.0, reaction: "😂"),
            .other("a SOLO?? you were there by accident!!"),
            .me("I'm the best accident they've had in years, apparently"),
        ],
        flavourAt: 6)

    static let twoFamilyCat = ChatScript(
        id: "comedy-two-family-cat", title: "Our cat has a second family",
        keywords: ["cat", "kitten", "neighbour", "collar", "dinner", "family"],
        hook: [.other("why is our cat on next door's family christmas card 🐈"), .me("what?? Pickles is OUR cat")],
        middle: [
            Beat(1, .other("it says 'love from the Hendersons and Sir Whiskerton'"), .me("SIR WHISKERTON??")),
            Beat(2, .me("he's been eating less lately. I thought he was on a diet"), .other("he's on two dinners a day")),
            Beat(1, .other("he's in their window right now. on a velvet cushion", pause: 1.0)),
            Beat(3, .me("we don't have a velvet cushion")),
            Beat(2, .me("I'm going to knock"), .other("what are you going to say? 'give me back my double agent'?")),
            Beat(3, .other("do they know he's ours"), .me("they think he's a stray. with a collar. that says Pickles")),
            Beat(2, .me("Mrs Henderson answered. she's lovely. she gave me a biscuit")),
            Beat(3, .other("focus!!"), .me("it was a very good biscuit")),
            Beat(2, .me("she says he visits every afternoon at 4 for salmon"), .other("SALMON. he eats dry food here")),
            Beat(3, .other("no wonder he leaves at 3:55 every day"), .me("I thought he was going for a walk")),
            Beat(2, .me("she has a photo album of him"), .other("an ALBUM?")),
            Beat(3, .me("he's been to her daughter's wedding. he's in the pictures")),
            Beat(3, .other("he has a better social life than us")),
            Beat(3, .me("she asked if we'd like to share him properly"), .other("like a custody schedule?")),
            Beat(3, .me("weekends with them, weekdays with us"), .other("he'll want salmon on weekdays now")),
        ],
        flavours: [
            .funny: Beat(2, .other("what does he do at ours that he doesn't do there"), .me("knock things off the table, mostly 😂")),
            .scary: Beat(2, .me("she said 'he's not the only one who visits'"), .other("WHAT ELSE VISITS HER 😨")),
            .dramatic: Beat(2, .other("I raised that cat from a tiny kitten"), .me("and now he's living a double life. it hurts")),
            .romantic: Beat(2, .me("her grandson was there. very handsome. very good with cats"), .other("oh we are definitely sharing the cat now ❤️")),
        ],
        ending: [
            .me("plot twist: the Hendersons' OTHER neighbours think he's theirs too", pause: 2.0, reaction: "🙀"),
            .other("HOW MANY FAMILIES DOES HE HAVE"),
            .me("three. we're starting a group chat. it's called 'Pickles' people'"),
        ],
        flavourAt: 6)

    static let flatPack = ChatScript(
        id: "comedy-flat-pack", title: "Four hours, one wardrobe, six spare screws",
        keywords: ["furniture", "wardrobe", "flatpack", "screw", "instructions", "assemble"],
        hook: [.me("the wardrobe is built. it took 4 hours. there are 6 screws left over 🔩"), .other("six?? that's not a spare, that's a second wardrobe")],
        middle: [
            Beat(1, .me("it's standing. mostly. it leans a bit to the left"), .other("like a tired giraffe")),
            Beat(2, .me("the instructions had no words. just a little cartoon man"), .other("the little man always looks so calm")),
            Beat(1, .me("the door just opened by itself", pause: 1.0)),
            Beat(3, .other("it's trying to escape")),
            Beat(2, .me("I put my shirts in. it made a noise"), .other("what kind of noise")),
            Beat(3, .me("a sort of long sigh. like a wardrobe giving up"), .other("take the shirts out. gently")),
            Beat(2, .other("did you do step 14? the bit with the back panel")),
            Beat(3, .me("the back panel is still in the box"), .other("THE BACK PANEL IS THE WHOLE WARDROBE")),
            Beat(2, .me("it's an open-plan wardrobe"), .other("it's a shelf with ambitions")),
            Beat(3, .other("I'm coming over with my toolbox"), .me("bring snacks. this could take all night")),
            Beat(2, .me("I found the tiny man on page 1. he has two people"), .other("the tiny man had a FRIEND and you didn't")),
            Beat(3, .me("I also found a note in the box"), .other("from who")),
            Beat(3, .me("from whoever packed it. it says 'good luck' with a smiley face")),
            Beat(3, .other("they KNEW"), .me("they knew")),
            Beat(3, .other("on my way. don't touch anything")),
        ],
        flavours: [
            .funny: Beat(2, .other("put the spare screws in a jar and call it art"), .me("'modern life', mixed media 😂")),
            .scary: Beat(2, .me("it creaked at me. while I was brushing my teeth"), .other("never turn your back on flat-pack")),
            .dramatic: Beat(2, .me("I cried at step 9. real tears"), .other("everyone cries at step 9. it's the law")),
            .romantic: Beat(2, .other("we built my bed together, remember? took us six hours"), .me("best six hours ever ❤️")),
        ],
        ending: [
            .other("I'm here. I've looked at it. the instructions were for the bookcase", pause: 2.0, reaction: "😂"),
            .me("so what did I build??"),
            .other("honestly? something better. we're keeping it. it's a wardrobe-shelf"),
        ],
        flavourAt: 6)

    static let voiceNotes = ChatScript(
        id: "comedy-voice-notes", title: "Grandma discovered voice notes",
        keywords: ["grandma", "granny", "voice", "notes", "message", "recording"],
        hook: [.other("grandma just sent me a 14 minute voice note 🎙️"), .me("same. mine is 22 minutes")],
        middle: [
            Beat(1, .other("the first 3 minutes are her asking if it's recording"), .me("mine too. she taps the phone a lot")),
            Beat(2, .other("then she talks to the cat for a while"), .me("the cat ignores her. as usual")),
            Beat(1, .me("at minute 9 she starts whispering", pause: 1.0)),
            Beat(3, .other("why is she whispering")),
            Beat(2, .me("I think she thinks it's a secret phone call"), .other("it's a voice note, grandma")),
            Beat(3, .other("she just sent another one. 31 minutes"), .me("is it a podcast now")),
            Beat(2, .other("she reviews every biscuit in the tin")),
            Beat(3, .me("honestly I want to hear the biscuit reviews"), .other("the shortbread gets 8 out of 10")),
            Beat(2, .me("she ends mine with 'over and out' like a pilot"), .other("she was never a pilot")),
            Beat(3, .other("she was a librarian"), .me("a librarian with the soul of a pilot")),
            Beat(2, .other("she's sending one to the whole family group now"), .me("oh no. the whole family")),
            Beat(3, .me("uncle Pete replied with a thumbs up. he did not listen")),
            Beat(3, .other("nobody listened. except us")),
            Beat(3, .me("at minute 20 she sings"), .other("she SINGS?")),
            Beat(3, .me("the song from her wedding. all of it. with the cat joining in"), .other("ok I'm listening right now")),
        ],
        flavours: [
            .funny: Beat(2, .other("she left the phone in her pocket. it's 10 minutes of her walking"), .me("a lovely walk though 😂")),
            .scary: Beat(2, .me("at the end there's a man's voice saying 'is it off?'"), .other("that's grandpa. I HOPE that's grandpa 😬")),
            .dramatic: Beat(2, .other("she says this is the most anyone's listened to her in years"), .me("oh. now I feel terrible")),
            .romantic: Beat(2, .me("she tells the story of meeting grandpa at a dance"), .other("she's never told me that. I'm crying ❤️")),
        ],
        ending: [
            .me("she just sent a 2 second one. it says 'call me instead, it's quicker'", pause: 2.0, reaction: "😂"),
            .other("after ONE HOUR of voice notes??"),
            .me("I'm calling her now. I'll put you on speaker"),
        ],
        flavourAt: 6)

    static let costumeParty = ChatScript(
        id: "comedy-costume-party", title: "Dressed as a lobster for a normal party",
        keywords: ["costume", "party", "fancy", "dress", "lobster", "invite"],
        hook: [.me("you said it was a FANCY DRESS party. I'm dressed as a lobster 🦞"), .other("I said it was a FANCY party. dress fancy")],
        middle: [
            Beat(1, .me("everyone is in suits. I'm in claws"), .other("go home and change!!")),
            Beat(2, .me("I took the bus here. as a lobster. it's a long bus"), .other("oh no")),
            Beat(1, .me("the host just handed me a drink. I can't hold it. claws", pause: 1.0)),
            Beat(3, .other("use a straw")),
            Beat(2, .me("someone asked if I'm the entertainment"), .other("what did you say")),
            Beat(3, .me("I said yes. I panicked"), .other("you are now the entertainment")),
            Beat(2, .other("can you take the costume off at least")),
            Beat(3, .me("under the costume I'm wearing pyjamas. it's worse"), .other("stay a lobster")),
            Beat(2, .me("the boss of the company is walking towards me"), .other("be cool. be a cool lobster")),
            Beat(3, .me("he said 'bold choice'"), .other("that could mean anything")),
            Beat(2, .me("now his kids want photos with me"), .other("you're a hit with the under-tens")),
            Beat(3, .me("I've done 40 photos. my claws are tired")),
            Beat(3, .other("is anyone else in costume"), .me("a man in the corner has a bow tie that lights up")),
            Beat(3, .other("your competition"), .me("he's no lobster")),
            Beat(3, .me("the band is asking me to dance"), .other("can lobsters dance")),
        ],
        flavours: [
            .funny: Beat(2, .other("please tell me there's a tail"), .me("a big one. I keep knocking over chairs 😂")),
            .scary: Beat(2, .me("the chef just looked at me and then at the kitchen"), .other("RUN. run little lobster 😨")),
            .dramatic: Beat(2, .me("this is my first work party at the new job"), .other("and they will never, ever forget you")),
            .romantic: Beat(2, .me("someone just said 'nice claws' and winked"), .other("love at first pinch ❤️")),
        ],
        ending: [
            .me("the boss wants me to be the lobster at next year's party too. PAID", pause: 2.0, reaction: "🦞"),
            .other("you turned a wrong costume into a job??"),
            .me("I'm thinking of getting a matching one for you"),
        ],
        flavourAt: 6)
}
