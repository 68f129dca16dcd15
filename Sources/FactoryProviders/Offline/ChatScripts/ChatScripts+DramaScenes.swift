import FactoryCore

/// More dramas, so a weekly drama series has a new story for a quarter of a year before any
/// comes back (the content memory refuses a title or an opening published in the last 12 weeks).
extension ChatScripts {
    static let dramaScenes = [movingAway, recital, savingsJar, deletedPhotos, rehomedDog, twinTransfer]

    static let movingAway = ChatScript(
        id: "drama-moving-away", title: "You're moving and didn't tell me",
        keywords: ["moving", "move", "house", "listing", "boxes", "leaving"],
        hook: [.me("why is your flat on a rental website with 'available from the 1st'"), .other("ah. you weren't supposed to see that yet")],
        middle: [
            Beat(1, .me("yet?? when were you going to tell me"), .other("this weekend. in person. I had a plan")),
            Beat(2, .me("we've lived ten minutes apart for eight years"), .other("I know. believe me, I know")),
            Beat(1, .me("is it the new job? is it far", pause: 1.0)),
            Beat(3, .other("it's not the job")),
            Beat(2, .me("then what. did I do something"), .other("you did nothing wrong. stop thinking that")),
            Beat(3, .me("I saw boxes in your car last week. you said it was books for charity"), .other("some of it was books")),
            Beat(2, .me("who's going to come to quiz night with me")),
            Beat(3, .other("please don't make me cry at my desk"), .me("you started it")),
            Beat(2, .other("can I call you tonight?"), .me("say it now. I can't wait till tonight")),
            Beat(3, .me("is it because of what happened at christmas"), .other("no!! that's long forgotten")),
            Beat(2, .other("where do you think I'm going"), .me("I don't know. another city. another country")),
            Beat(3, .other("think smaller")),
            Beat(3, .me("smaller than a city?"), .other("much smaller. like, one street")),
            Beat(3, .me("what street"), .other("what street do YOU live on")),
            Beat(3, .me("don't play games with me right now")),
        ],
        flavours: [
            .funny: Beat(2, .me("I'll lie down in front of the removal van"), .other("the van is tiny. you'll barely slow it down 😂")),
            .scary: Beat(2, .me("my stomach dropped when I saw the listing"), .other("I hate that I scared you. I'm sorry")),
            .dramatic: Beat(2, .me("first mum moves abroad, now you"), .other("I'm not leaving you. I promise I'm not")),
            .romantic: Beat(2, .other("you're the only reason this city feels like home"), .me("then why are you leaving it??")),
        ],
        ending: [
            .other("the flat next to yours came up. I signed yesterday. I'm your new neighbour", pause: 2.0, reaction: "😭"),
            .me("NEXT DOOR??"),
            .other("I'll need to borrow sugar. constantly. forever"),
        ],
        flavourAt: 6)

    static let recital = ChatScript(
        id: "drama-recital", title: "The empty seat at my recital",
        keywords: ["recital", "concert", "violin", "show", "missed", "dad"],
        hook: [.me("I looked for you the whole recital. your seat was empty"), .other("I'm so sorry. I can explain")],
        middle: [
            Beat(1, .me("you PROMISED. you said nothing would stop you this time"), .other("I know what I said")),
            Beat(2, .me("I played the piece you taught me. to an empty chair"), .other("that breaks my heart")),
            Beat(1, .me("it's the third one you've missed", pause: 1.0)),
            Beat(3, .other("I know. I've been counting too")),
            Beat(2, .me("was it work again"), .other("it wasn't work. not this time")),
            Beat(3, .me("then what's more important than this"), .other("nothing is. I promise you that")),
            Beat(2, .me("everyone's parents were there. even Lily's, and they live in Spain")),
            Beat(3, .other("how did the slow part go"), .me("don't change the subject")),
            Beat(2, .other("I'm not. I really want to know"), .me("it went perfectly. you'd have been proud")),
            Beat(3, .me("the teacher said it was the best she's heard me play"), .other("I know. I heard")),
            Beat(2, .me("what do you mean you heard"), .other("I mean I heard it")),
            Beat(3, .me("you weren't there. I checked every row")),
            Beat(3, .other("you didn't check every row"), .me("I checked all of them")),
            Beat(3, .other("not the ones behind the curtain")),
            Beat(3, .me("only the crew is back there"), .other("exactly")),
        ],
        flavours: [
            .funny: Beat(2, .me("I even wore the awful tie you bought me"), .other("that tie is a CLASSIC 😂")),
            .scary: Beat(2, .me("I almost froze on stage. my hands were shaking"), .other("and you kept going. that's my kid")),
            .dramatic: Beat(2, .me("maybe I should just quit. what's the point"), .other("please don't. please give me one minute")),
            .romantic: Beat(2, .other("your mum and I met at a recital, you know"), .me("I know. that's why I wanted you there")),
        ],
        ending: [
            .other("I was running the stage lights. I asked the school a month ago. you played in my spotlight", pause: 2.0, reaction: "🥹"),
            .me("THAT was you?? the light went all gold at the end"),
            .other("I made it gold just for you. best seat in the house"),
        ],
        flavourAt: 6)

    static let savingsJar = ChatScript(
        id: "drama-savings-jar", title: "Who took my savings jar?",
        keywords: ["money", "savings", "jar", "stole", "guitar", "borrowed"],
        hook: [.me("my savings jar is empty. did you take it?"), .other("…can you give me until friday")],
        middle: [
            Beat(1, .me("that was two years of saving. every birthday"), .other("I know exactly how much it was")),
            Beat(2, .me("of course you do. you counted it while you took it"), .other("that's not fair")),
            Beat(1, .me("what's not fair is my own brother stealing from me", pause: 1.0)),
            Beat(3, .other("I didn't steal. I borrowed")),
            Beat(2, .me("borrowing is when you ASK"), .other("I couldn't ask. it would have ruined it")),
            Beat(3, .me("ruined what"), .other("I can't say. please. friday")),
            Beat(2, .me("I'm telling mum")),
            Beat(3, .other("mum already knows"), .me("MUM KNOWS?? and she's fine with it?")),
            Beat(2, .other("she helped. she put in the rest"), .me("the rest of WHAT")),
            Beat(3, .me("I was saving for something important"), .other("I know what you were saving for")),
            Beat(2, .me("you don't"), .other("the red guitar in the window on King Street")),
            Beat(3, .me("how do you know that")),
            Beat(3, .other("you walk past it every day. you slow down every time"), .me("you noticed that?")),
            Beat(3, .other("I notice everything about you. you're my little sister")),
            Beat(3, .me("the guitar was sold last week. I saw the sign"), .other("I know")),
        ],
        flavours: [
            .funny: Beat(2, .me("I'm checking your room for my coins"), .other("you'll only find socks. so many socks 😂")),
            .scary: Beat(2, .me("I thought someone broke in. I checked every window"), .other("I'm sorry. I didn't think about that")),
            .dramatic: Beat(2, .me("I trusted you more than anyone"), .other("you still can. I swear on everything")),
            .romantic: Beat(2, .other("is this about the guitar or the boy in the band"), .me("BOTH. stop reading my mind ❤️")),
        ],
        ending: [
            .other("check under your bed", pause: 2.0),
            .me("THE RED GUITAR. with a bow on it??", reaction: "😭"),
            .other("happy early birthday. your jar plus my job money plus mum. a team effort"),
        ],
        flavourAt: 6)

    static let deletedPhotos = ChatScript(
        id: "drama-deleted-photos", title: "Why did you delete our photos?",
        keywords: ["photos", "pictures", "deleted", "album", "memories", "friendship"],
        hook: [.me("you deleted every photo of us from your page. every single one"), .other("it's not what it looks like")],
        middle: [
            Beat(1, .me("it looks like you're erasing me"), .other("I would never erase you")),
            Beat(2, .me("ten years of photos. gone overnight"), .other("they're not gone. I still have them all")),
            Beat(1, .me("then why hide them", pause: 1.0)),
            Beat(3, .other("please just trust me a tiny bit")),
            Beat(2, .me("people are asking if we had a fight"), .other("what are you telling them")),
            Beat(3, .me("that I don't know. because I DON'T know"), .other("I'm sorry. I didn't think anyone would notice")),
            Beat(2, .me("I noticed. I notice when my best friend disappears")),
            Beat(3, .other("I haven't disappeared. I'm right here"), .me("you've been quiet for weeks")),
            Beat(2, .other("I've been busy"), .me("busy doing what")),
            Beat(3, .other("cutting. gluing. choosing"), .me("is that a riddle")),
            Beat(2, .me("is this about me moving away for uni"), .other("it's a little bit about that")),
            Beat(3, .me("I'm only going for three years")),
            Beat(3, .other("three years is a long time to not have you on my wall"), .me("what wall")),
            Beat(3, .other("the real one. not the online one")),
            Beat(3, .me("I'm so confused right now"), .other("I know. give me one second")),
        ],
        flavours: [
            .funny: Beat(2, .me("you even deleted the one where I fell in the fountain"), .other("that one I'd NEVER lose. it's iconic 😂")),
            .scary: Beat(2, .me("I honestly thought something had happened to you"), .other("I'm fine. I promise. I should have said")),
            .dramatic: Beat(2, .me("if you're done with me, just say it"), .other("done with you?? never. not in a hundred years")),
            .romantic: Beat(2, .other("every one of those photos is my favourite"), .me("then why are they gone??")),
        ],
        ending: [
            .other("I printed them all. 300 photos. it's a book for you to take to uni", pause: 2.0, reaction: "🥹"),
            .me("you made me a BOOK??"),
            .other("page one is the fountain. obviously"),
        ],
        flavourAt: 6)

    static let rehomedDog = ChatScript(
        id: "drama-rehomed-dog", title: "You gave away my childhood dog?",
        keywords: ["dog", "puppy", "rehomed", "pet", "gave", "childhood"],
        hook: [.me("mum, where's Biscuit? his bed is gone. his bowl is gone"), .other("sweetheart, sit down. I was going to call you")],
        middle: [
            Beat(1, .me("you gave him away? without asking me?"), .other("I didn't give him away. not exactly")),
            Beat(2, .me("he's been my dog since I was six"), .other("I know. I remember the day we brought him home")),
            Beat(1, .me("then where is he", pause: 1.0)),
            Beat(3, .other("he's safe. he's very happy. I promise")),
            Beat(2, .me("that's what people say in films before bad news"), .other("this is good news. I swear")),
            Beat(3, .me("I came home for one weekend and my dog is missing"), .other("he's not missing. I know exactly where he is")),
            Beat(2, .me("I'm calling dad")),
            Beat(3, .other("dad knows too"), .me("EVERYONE KNOWS except me")),
            Beat(2, .other("you know how quiet grandpa's been since grandma"), .me("yes. of course")),
            Beat(3, .other("he stopped going out. stopped cooking. stopped everything")),
            Beat(2, .other("Biscuit went to stay with him for a week. to keep him company"), .me("and?")),
            Beat(3, .other("and grandpa walks him twice a day now. he talks to the neighbours")),
            Beat(3, .me("grandpa talks to the NEIGHBOURS?"), .other("he joined a dog-walking club")),
            Beat(3, .me("I didn't know it was that bad")),
            Beat(3, .other("it was. and now it's better. because of your dog"), .me("because of Biscuit")),
        ],
        flavours: [
            .funny: Beat(2, .other("grandpa bought him a tiny raincoat"), .me("grandpa hates raincoats 😂")),
            .scary: Beat(2, .me("I thought something awful had happened to him"), .other("oh love, no. I'm sorry I made you think that")),
            .dramatic: Beat(2, .me("I feel like everyone decided my life without me"), .other("that's fair. we should have asked. I'm sorry")),
            .romantic: Beat(2, .other("grandpa says Biscuit sleeps on grandma's side of the bed"), .me("stop, I'm going to cry ❤️")),
        ],
        ending: [
            .other("grandpa's here. he walked Biscuit all the way over to see you", pause: 2.0, reaction: "🐶"),
            .me("I'm running downstairs"),
            .other("he says you can visit them both every sunday. he's cooking"),
        ],
        flavourAt: 6)

    static let twinTransfer = ChatScript(
        id: "drama-twin-transfer", title: "You applied to a school without me",
        keywords: ["school", "twin", "transfer", "application", "applied", "sister"],
        hook: [.other("why is there a letter from Westbrook Academy with your name on it?"), .me("you opened my post??")],
        middle: [
            Beat(1, .other("it was on the mat. it's addressed to 'the twins'"), .me("oh. oh no")),
            Beat(2, .other("so you applied to a different school. a boarding school"), .me("I was going to tell you")),
            Beat(1, .other("we've never been apart. not one day", pause: 1.0)),
            Beat(3, .me("I know")),
            Beat(2, .other("was it because of me? do you want space?"), .me("no. that's the opposite of it")),
            Beat(3, .other("then why keep it secret"), .me("because I didn't know if it would work")),
            Beat(2, .other("mum knew. I can tell. she's been weird all week")),
            Beat(3, .me("mum helped with the forms"), .other("great. so it's everyone versus me")),
            Beat(2, .me("it's not like that"), .other("it FEELS like that")),
            Beat(3, .other("I'm not opening the rest of the letter"), .me("please open it")),
            Beat(2, .me("please. just read it. all of it"), .other("why. so I can watch you leave?")),
            Beat(3, .other("fine. I'm reading")),
            Beat(3, .other("'we are delighted to offer a place to'"), .me("keep going")),
            Beat(3, .other("wait")),
            Beat(3, .other("that's a plural"), .me("yes it is")),
        ],
        flavours: [
            .funny: Beat(2, .other("who'll steal my hoodies if you're gone"), .me("I'll send for them. by post 😂")),
            .scary: Beat(2, .other("my hands are actually shaking holding this"), .me("breathe. it's good. I promise it's good")),
            .dramatic: Beat(2, .other("we said we'd do everything together. we PROMISED"), .me("and I kept that promise. you'll see")),
            .romantic: Beat(2, .other("you're my favourite person. you know that?"), .me("obviously. we shared a womb ❤️")),
        ],
        ending: [
            .other("'…a place to BOTH twins'. you applied for me too??", pause: 2.0, reaction: "😭"),
            .me("I sent your art folder. they loved your drawings"),
            .other("I'm so mad at you. I love you. we're going TOGETHER"),
        ],
        flavourAt: 6)
}
