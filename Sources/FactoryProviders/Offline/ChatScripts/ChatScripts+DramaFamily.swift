import FactoryCore

/// Still more dramas: family news found out the wrong way, each turned by a kind surprise.
extension ChatScripts {
    static let dramaFamily = [soldBoat, forgottenBirthday, grandpaHouse, lostRing, universityLetter]

    static let soldBoat = ChatScript(
        id: "drama-sold-boat", title: "Dad sold the family boat",
        keywords: ["boat", "sold", "sailing", "harbour", "summer", "father"],
        hook: [.me("dad. the harbour says the Little Gull was sold on monday"), .other("I was hoping to tell you face to face")],
        middle: [
            Beat(1, .me("we learned to sail on that boat. all of us"), .other("I know. it was the hardest thing I've signed")),
            Beat(2, .me("then why sign it"), .other("she needed more repairs than we could afford")),
            Beat(1, .me("you could have asked us. we'd have helped", pause: 1.0)),
            Beat(3, .other("you have your own bills")),
            Beat(2, .me("every summer of my life is on that boat"), .other("mine too. twenty-six of them")),
            Beat(3, .me("who bought her"), .other("a nice young family. two little ones")),
            Beat(2, .me("I didn't even get to say goodbye to her")),
            Beat(3, .other("I took pictures for you. of every corner"), .me("that's not the same")),
            Beat(2, .other("I know it isn't"), .me("what are you going to do all summer now")),
            Beat(3, .other("well. I had an idea about that"), .me("I'm not in the mood for ideas")),
            Beat(2, .other("do you remember what you wanted when you were nine"), .me("a pony. a rocket. a lighthouse")),
            Beat(3, .other("the third one")),
            Beat(3, .me("dad you did NOT buy a lighthouse"), .other("not a whole one")),
            Beat(3, .me("how do you buy part of a lighthouse")),
            Beat(3, .other("you rent the keeper's cottage. every summer. for the whole family")),
        ],
        flavours: [
            .funny: Beat(2, .me("she had a mug holder I carved. badly"), .other("the new owners think it's modern art 😂")),
            .scary: Beat(2, .me("when the harbour said 'sold' my heart stopped"), .other("I'm so sorry you found out like that")),
            .dramatic: Beat(2, .me("first the house, now the boat. what's next"), .other("nothing. this is the last goodbye, I promise")),
            .romantic: Beat(2, .other("I proposed to your mum on that boat"), .me("I know. that's why it hurts")),
        ],
        ending: [
            .other("the Little Gull money paid for ten summers at the old lighthouse. first one starts in june", pause: 2.0, reaction: "🥹"),
            .me("the one we used to wave at from the boat??"),
            .other("that one. and the new family promised to wave back"),
        ],
        flavourAt: 6)

    static let forgottenBirthday = ChatScript(
        id: "drama-forgotten-birthday", title: "Everyone forgot my birthday",
        keywords: ["birthday", "forgot", "forgotten", "friends", "party", "lonely"],
        hook: [.me("it's 9pm. not one message from any of you today"), .other("wait, what's today?")],
        middle: [
            Beat(1, .me("are you serious right now"), .other("it's thursday?")),
            Beat(2, .me("it's the 14th"), .other("ok and?")),
            Beat(1, .me("never mind. forget it. everyone else did", pause: 1.0)),
            Beat(3, .other("hey. hey. talk to me")),
            Beat(2, .me("I remembered YOUR birthday. I baked you a cake shaped like a cat"), .other("it was a beautiful cat")),
            Beat(3, .me("mum sent a text. that's it. one text with a balloon"), .other("your mum loves that balloon")),
            Beat(2, .me("I'm having cereal for dinner on my birthday. alone")),
            Beat(3, .other("what kind of cereal"), .me("does it matter")),
            Beat(2, .other("it matters to me"), .me("the chocolate ones")),
            Beat(3, .other("good choice. very birthday"), .me("don't try to be funny")),
            Beat(2, .me("I thought I meant more to you than this"), .other("you mean everything to me. I promise")),
            Beat(3, .other("are you still at home"), .me("where else would I be")),
            Beat(3, .other("are you wearing real clothes"), .me("why would that matter")),
            Beat(3, .other("just answer"), .me("pyjamas. the dinosaur ones")),
            Beat(3, .other("perfect. don't change")),
        ],
        flavours: [
            .funny: Beat(2, .me("even the dog forgot. he ate my birthday card from aunt Sue"), .other("the dog has NO manners 😂")),
            .scary: Beat(2, .me("I'm starting to think everyone's sick of me"), .other("nobody is sick of you. nobody")),
            .dramatic: Beat(2, .me("this is the worst birthday of my whole life"), .other("give it ten more minutes. just ten")),
            .romantic: Beat(2, .other("I could never forget anything about you"), .me("then prove it")),
        ],
        ending: [
            .other("open your front door", pause: 2.0),
            .me("there are TWENTY PEOPLE on my doorstep. with a cake shaped like a cat", reaction: "😭"),
            .other("happy birthday. the cereal was a test. you passed"),
        ],
        flavourAt: 6)

    static let grandpaHouse = ChatScript(
        id: "drama-grandpa-house", title: "The sign outside grandpa's house",
        keywords: ["grandpa", "house", "sale", "selling", "sign", "inheritance"],
        hook: [.me("why is there a SOLD sign outside grandpa's house"), .other("you drove past it? I wanted to explain first")],
        middle: [
            Beat(1, .me("you promised you'd never sell it"), .other("I know I did")),
            Beat(2, .me("his roses are still in the garden"), .other("I planted three of them with him")),
            Beat(1, .me("who bought it. I want to know", pause: 1.0)),
            Beat(3, .other("please come over. let's talk")),
            Beat(2, .me("I'm not coming. I'm sitting outside the house"), .other("of course you are")),
            Beat(3, .me("the swing he built is still there"), .other("it's staying. that was part of the deal")),
            Beat(2, .me("what deal? with a stranger?")),
            Beat(3, .other("not exactly a stranger"), .me("stop talking in riddles, mum")),
            Beat(2, .me("the kitchen lights are on. someone's inside"), .other("is there a blue van outside?")),
            Beat(3, .me("yes. how do you know that")),
            Beat(2, .other("what does it say on the side of the van"), .me("hang on. 'Rosa's Bakes'")),
            Beat(3, .me("Rosa as in MY Rosa? my wife Rosa?"), .other("I told you it wasn't a stranger")),
            Beat(3, .me("she said she was at a bakery course today")),
            Beat(3, .other("she sort of is. she's learning the oven"), .me("what oven")),
            Beat(3, .other("grandpa's old bread oven. go and knock")),
        ],
        flavours: [
            .funny: Beat(2, .me("the sign is crooked. grandpa would have HATED that"), .other("he'd have fixed it with string 😂")),
            .scary: Beat(2, .me("I can't breathe properly. it feels like losing him again"), .other("I know. I'm so sorry. wait for me")),
            .dramatic: Beat(2, .me("this was the last piece of him we had"), .other("it still is. I swear it still is")),
            .romantic: Beat(2, .other("he always said the house should be full of someone's love"), .me("it was full of his")),
        ],
        ending: [
            .me("Rosa opened the door in an apron. she says WE bought it. she saved for two years", pause: 2.0, reaction: "😭"),
            .other("she asked me to keep it secret until the keys came"),
            .me("she's turning the front room into a bakery. with his oven"),
        ],
        flavourAt: 6)

    static let lostRing = ChatScript(
        id: "drama-lost-ring", title: "I lost grandma's ring",
        keywords: ["ring", "lost", "grandma", "engagement", "jewellery", "heirloom"],
        hook: [.me("I lost something of grandma's and you're going to be so angry with me"), .other("you're scaring me. what happened")],
        middle: [
            Beat(1, .me("grandma's ring. the one you lent me for the party"), .other("please don't say it")),
            Beat(2, .me("it's gone. it was on my finger at dinner and then it wasn't"), .other("when did you last see it")),
            Beat(1, .me("I've searched everywhere. twice", pause: 1.0)),
            Beat(3, .other("ok. breathe. we'll find it")),
            Beat(2, .me("it's the only thing you have of hers"), .other("I know what it is")),
            Beat(3, .me("I turned out every pocket. checked the car. the drains"), .other("the DRAINS?")),
            Beat(2, .other("where were you before the party")),
            Beat(3, .me("at home, baking the cake for it"), .other("what kind of cake")),
            Beat(2, .me("why does that matter"), .other("just tell me")),
            Beat(3, .me("lemon. grandma's recipe. from her card")),
            Beat(2, .other("and did you knead anything by hand"), .me("the icing. yes. why")),
            Beat(3, .other("did the cake get eaten"), .me("most of it. a quarter is left")),
            Beat(3, .other("go to the fridge")),
            Beat(3, .me("you think it's IN the cake?"), .other("I think grandma would find that very funny")),
            Beat(3, .me("I'm going to the fridge")),
        ],
        flavours: [
            .funny: Beat(2, .me("I even checked the dog's mouth. he was very offended"), .other("the dog did NOT sign up for this 😂")),
            .scary: Beat(2, .me("I feel sick. I haven't stopped shaking"), .other("whatever happens, I'm not angry at you. ever")),
            .dramatic: Beat(2, .me("I'll never forgive myself"), .other("yes you will. because I already have")),
            .romantic: Beat(2, .other("grandpa proposed with that ring on a ferris wheel"), .me("and I lost it at a BARBECUE")),
        ],
        ending: [
            .me("I found it. it was in the last slice. right in the middle", pause: 2.0, reaction: "😭"),
            .other("grandma hid her ring in a cake once too. that's how she proposed to grandpa"),
            .me("WAIT. SHE proposed??"),
        ],
        flavourAt: 6)

    static let universityLetter = ChatScript(
        id: "drama-university-letter", title: "You hid my university letter",
        keywords: ["university", "uni", "letter", "college", "offer", "hid"],
        hook: [.me("why was my university letter in your desk drawer?"), .other("you went through my desk??")],
        middle: [
            Beat(1, .me("I was looking for tape. it's dated three weeks ago"), .other("I can explain")),
            Beat(2, .me("three weeks I've been checking the post every day"), .other("I know. I watched you")),
            Beat(1, .me("you WATCHED me worry and said nothing", pause: 1.0)),
            Beat(3, .other("it's not that simple")),
            Beat(2, .me("did you open it"), .other("no. I'd never open it")),
            Beat(3, .me("then why hide it"), .other("because I knew what it would say")),
            Beat(2, .me("so it's a rejection. you were protecting me")),
            Beat(3, .other("no"), .me("then what")),
            Beat(2, .other("it's the one in Edinburgh. the one that's 400 miles away"), .me("and?")),
            Beat(3, .other("and if it's a yes, you're leaving")),
            Beat(2, .me("you hid it because you'll miss me?"), .other("I hid it because I'm a coward")),
            Beat(3, .me("you're not a coward. you're my big brother")),
            Beat(3, .other("I'm sorry. I'm so sorry"), .me("I'm opening it now")),
            Beat(3, .other("wait. let me come down. I want to be there")),
            Beat(3, .me("then hurry")),
        ],
        flavours: [
            .funny: Beat(2, .me("you also have 4 of my jumpers in that drawer"), .other("those are a separate crime 😂")),
            .scary: Beat(2, .me("I thought they'd lost my application"), .other("I know. I hated myself every single day")),
            .dramatic: Beat(2, .me("this is my whole future you had in a drawer"), .other("I know. I know. I'm sorry")),
            .romantic: Beat(2, .other("mum cried when she got her letter. dad had to read it for her"), .me("then you read mine with me")),
        ],
        ending: [
            .me("I GOT IN. full scholarship", pause: 2.0, reaction: "🎉"),
            .other("I know you did. I'm so proud of you I could burst"),
            .other("also I already looked up trains. I'm visiting every month"),
        ],
        flavourAt: 6)
}
