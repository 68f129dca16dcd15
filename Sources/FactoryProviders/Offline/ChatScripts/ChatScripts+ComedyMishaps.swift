import FactoryCore

/// More comedies, so a weekly comedy series has a new story for a quarter of a year before any
/// comes back (the content memory refuses a title or an opening published in the last 12 weeks).
extension ChatScripts {
    static let comedyMishaps = [autocorrectBoss, smartSpeaker, haircut, parrotRingtone, sourdough, potatoFilter]

    static let autocorrectBoss = ChatScript(
        id: "comedy-autocorrect-boss", title: "Autocorrect told my boss I love him",
        keywords: ["autocorrect", "boss", "email", "typo", "office", "manager"],
        hook: [.me("my phone turned 'see you then' into 'love you, Dan' in an email to my BOSS 💀"), .other("which boss. please say not Big Dan")],
        middle: [
            Beat(1, .me("it's Big Dan"), .other("the man who once fired a stapler")),
            Beat(2, .me("he hasn't replied. it's been 11 minutes"), .other("11 minutes of silence from Big Dan is a lifetime")),
            Beat(1, .me("wait. he's typing", pause: 1.0)),
            Beat(3, .other("breathe. it's just words")),
            Beat(2, .me("he stopped typing"), .other("he's drafting. he's choosing his words")),
            Beat(3, .other("could you say your phone got hacked"), .me("by who. a hacker who only writes compliments?")),
            Beat(2, .other("just send 'sorry, autocorrect!' and move on")),
            Beat(3, .me("I did. autocorrect changed it to 'sorry, absolutely!'"), .other("I'm on the floor")),
            Beat(2, .me("I'm throwing my phone into the sea"), .other("you live four hours from the sea")),
            Beat(3, .other("what did the rest of the email say"), .me("the quarterly numbers. and now, apparently, my feelings")),
            Beat(2, .me("he's typing AGAIN"), .other("I'm making popcorn")),
            Beat(3, .me("the whole team is cc'd. Karen just reacted with a heart"), .other("Karen is living for this")),
            Beat(3, .other("on the bright side, he'll never forget your name")),
            Beat(3, .me("I'm changing my name. and my country"), .other("take me with you")),
            Beat(3, .me("ok he replied"), .other("READ IT. slowly. with feeling")),
        ],
        flavours: [
            .funny: Beat(2, .other("print it and frame it. employee of the month"), .me("employee of the month for CRIMES 😂")),
            .scary: Beat(2, .me("my heart is going so fast I can hear it in my ears"), .other("you're fine. nobody gets fired for kindness")),
            .dramatic: Beat(2, .me("this is the end of my career. I'll be a cautionary tale"), .other("you'll be a legend. a small, red-faced legend")),
            .romantic: Beat(2, .other("you know who you SHOULD send 'love you' to"), .me("don't start. the barista doesn't count")),
        ],
        ending: [
            .me("he wrote: 'thank you. nobody's said that to me in 20 years. numbers look great.'", pause: 2.0, reaction: "🥲"),
            .other("BIG DAN HAS FEELINGS??"),
            .me("he just brought doughnuts for the whole floor. I think I fixed him"),
        ],
        flavourAt: 6)

    static let smartSpeaker = ChatScript(
        id: "comedy-smart-speaker", title: "Our smart speaker is taking sides",
        keywords: ["speaker", "alexa", "assistant", "smart", "argument", "roommate"],
        hook: [.other("did you tell the kitchen speaker to call me 'the dish criminal'?"), .me("I would never. it came up with that on its own 😇")],
        middle: [
            Beat(1, .other("I asked it to play jazz and it said 'not until the dishes are done'"), .me("wise speaker")),
            Beat(2, .other("you changed the settings"), .me("I changed ONE setting. the rest is its personality")),
            Beat(1, .other("it just announced 'day 4 of the frying pan' to the whole flat")),
            Beat(3, .me("it's not wrong though")),
            Beat(2, .other("I'm unplugging it"), .me("it has a battery. it knows you'd try that")),
            Beat(3, .other("it's playing a sad violin every time I walk past the sink"), .me("ok that one WAS me")),
            Beat(2, .other("this is psychological warfare over one pan")),
            Beat(3, .me("one pan, three mugs and a pot with a whole ecosystem in it"), .other("the pot is soaking")),
            Beat(2, .me("since tuesday"), .other("it's a deep soak")),
            Beat(3, .other("fine. I'm washing them. are you happy"), .me("the speaker is happy. it's playing fanfare")),
            Beat(2, .other("it just said 'good job, dish criminal'"), .me("you're on probation")),
            Beat(3, .other("I'm going to teach it something about YOU"), .me("there's nothing to teach. I'm perfect")),
            Beat(3, .other("it knows about the 2am cereal")),
            Beat(3, .me("how does it know about the cereal"), .other("it has ears. it's a speaker")),
            Beat(3, .me("truce?"), .other("truce. both of us versus the speaker")),
        ],
        flavours: [
            .funny: Beat(2, .me("I asked it who the best flatmate is and it said my name twice"), .other("you PAID it")),
            .scary: Beat(2, .other("it just whispered 'I see the pan' at 3am"), .me("ok that's a little much even for me 😳")),
            .dramatic: Beat(2, .other("I can't believe you'd turn our own kitchen against me"), .me("the kitchen chose. I only listened")),
            .romantic: Beat(2, .other("it played a love song when I did the mugs"), .me("it ships us. we have a song now apparently ❤️")),
        ],
        ending: [
            .other("it just ordered a new frying pan with your card", pause: 2.0),
            .me("WHAT. why my card"),
            .other("it says 'the dish criminal was reformed. the accomplice was not' 😂", reaction: "😂"),
        ],
        flavourAt: 6)

    static let haircut = ChatScript(
        id: "comedy-haircut", title: "I asked for a trim, got a mullet",
        keywords: ["haircut", "hair", "trim", "barber", "salon", "mullet"],
        hook: [.me("I asked for 'just a little trim' and I've come out with a MULLET"), .other("send a photo immediately 📸")],
        middle: [
            Beat(1, .me("no. never. it's business at the front and a full party at the back"), .other("I'm coming over")),
            Beat(2, .me("the barber said 'trust me, it's coming back'"), .other("coming back from WHERE")),
            Beat(1, .me("fine. photo. don't laugh", pause: 1.0)),
            Beat(3, .other("…")),
            Beat(2, .other("I'm not laughing. I'm just breathing loudly"), .me("you're wheezing. I can hear it through the phone")),
            Beat(3, .me("I have a wedding on saturday"), .other("whose? a wedding in 1986?")),
            Beat(2, .other("ok honestly? the back is kind of majestic")),
            Beat(3, .me("it moves when I walk. like a separate animal"), .other("does it have a name yet")),
            Beat(2, .me("I'm calling it Kevin"), .other("Kevin is beautiful")),
            Beat(3, .other("wear a hat to the wedding"), .me("it's a summer wedding. on a beach")),
            Beat(2, .me("a kid at the bus stop just said 'cool hair, mister'"), .other("see!! the youth approve")),
            Beat(3, .me("a lady asked if I was in a band"), .other("say yes. say you're on tour")),
            Beat(3, .me("I said yes. she asked for an autograph")),
            Beat(3, .other("this haircut is the best thing that's happened to you"), .me("don't. I'm starting to believe it")),
            Beat(3, .me("I just booked another appointment"), .other("to fix it?"), .me("to add highlights")),
        ],
        flavours: [
            .funny: Beat(2, .other("can I borrow Kevin for my profile picture"), .me("Kevin doesn't do photos. he's an artist 😂")),
            .scary: Beat(2, .me("I caught my reflection in a shop window and jumped"), .other("Kevin startles everyone at first")),
            .dramatic: Beat(2, .me("my mum cried. actual tears"), .other("happy tears or 'where did I go wrong' tears")),
            .romantic: Beat(2, .other("honestly it suits you. like, really suits you"), .me("stop. you're making Kevin blush ❤️")),
        ],
        ending: [
            .me("update: the bride saw a photo and asked the whole wedding party to get one", pause: 2.0, reaction: "😂"),
            .other("a MULLET WEDDING??"),
            .me("the barber is booked solid. he says I'm his muse"),
        ],
        flavourAt: 6)

    static let parrotRingtone = ChatScript(
        id: "comedy-parrot-ringtone", title: "The parrot learned my ringtone",
        keywords: ["parrot", "bird", "ringtone", "phone", "ringing", "pet"],
        hook: [.other("please call me back, your parrot is doing something weird 🦜"), .me("Mango? what's he doing")],
        middle: [
            Beat(1, .other("he's doing your ringtone. perfectly. I've answered my phone 9 times"), .me("oh no. he's been practising")),
            Beat(2, .other("now he does the ringtone AND your 'hello?'"), .me("the worried hello or the cheerful hello")),
            Beat(1, .other("the one where you pretend you don't know who's calling", pause: 1.0)),
            Beat(3, .me("that's my best hello")),
            Beat(2, .other("now he's doing the microwave"), .me("he does a great microwave")),
            Beat(3, .other("I went to the kitchen twice. there's no food. just Mango, staring"), .me("he loves that trick")),
            Beat(2, .other("I'm parrot-sitting for two more days. I won't survive")),
            Beat(3, .me("just don't teach him anything new"), .other("…")),
            Beat(2, .me("what did you teach him"), .other("nothing on PURPOSE")),
            Beat(3, .other("I may have sighed 'why is this happening' a few times"), .me("he's going to say that forever now")),
            Beat(2, .other("he just said it. in my voice. with my sigh"), .me("incredible. he's a genius")),
            Beat(3, .other("he's a menace with feathers")),
            Beat(3, .me("give him a grape and he'll do a song"), .other("what song")),
            Beat(3, .me("you'll see"), .other("I'm scared of the song")),
            Beat(3, .other("gave him the grape"), .me("and?")),
        ],
        flavours: [
            .funny: Beat(2, .other("he just did a doorbell and I tidied the whole flat for a guest"), .me("Mango gets everyone with the doorbell 😂")),
            .scary: Beat(2, .other("at 3am he said 'hello?' in YOUR voice in the dark"), .me("ok yes, he does that. sorry 😬")),
            .dramatic: Beat(2, .other("I'm losing my mind. every ring is a lie"), .me("welcome to my life for the last six years")),
            .romantic: Beat(2, .other("he keeps saying 'you're lovely' in a voice that isn't yours"), .me("…that's my ex's voice. long story")),
        ],
        ending: [
            .other("he sang the whole birthday song. then he said my NAME", pause: 2.0, reaction: "🥹"),
            .me("I taught him that last week. happy early birthday 🎂"),
            .other("I take it back. he's my favourite person in this flat"),
        ],
        flavourAt: 6)

    static let sourdough = ChatScript(
        id: "comedy-sourdough", title: "My sourdough starter escaped the jar",
        keywords: ["sourdough", "bread", "baking", "starter", "yeast", "kitchen"],
        hook: [.me("the sourdough starter has left the jar and it's heading for the toaster 🍞"), .other("I TOLD you not to feed it twice")],
        middle: [
            Beat(1, .me("it's bubbling over the counter like a very slow volcano"), .other("put a lid on it!!")),
            Beat(2, .me("I put a lid on it. it lifted the lid"), .other("it's strong. you made it strong")),
            Beat(1, .me("it's touching the fruit bowl now", pause: 1.0)),
            Beat(3, .other("save the bananas")),
            Beat(2, .me("bananas are safe. I had to abandon an apple"), .other("he was a good apple")),
            Beat(3, .other("what did you feed it"), .me("flour, water, and a little bit of honey as a treat")),
            Beat(2, .other("you gave the starter a TREAT?")),
            Beat(3, .me("it looked sad"), .other("it's flour paste. it doesn't have a face")),
            Beat(2, .me("it has a face now. two bubbles and a crack"), .other("I'm coming over with a big spoon")),
            Beat(3, .other("does it have a name"), .me("Doughtrude. obviously")),
            Beat(2, .me("Doughtrude has claimed half the counter"), .other("negotiate. offer her a bigger jar")),
            Beat(3, .me("I found the big mixing bowl"), .other("lure her in")),
            Beat(3, .me("she's in. she seems happy. she's making little popping noises")),
            Beat(3, .other("what are you going to do with that much starter"), .me("bake? for a week? a month?")),
            Beat(3, .other("the whole street will have bread"), .me("the whole city")),
        ],
        flavours: [
            .funny: Beat(2, .other("name the loaves after her. Doughtrude junior"), .me("and little Crumbert 😂")),
            .scary: Beat(2, .me("I turned the light off and heard a blorp in the dark"), .other("do NOT go back in there alone 😨")),
            .dramatic: Beat(2, .me("I've kept her alive for two years. I can't lose her now"), .other("you won't. we'll save Doughtrude together")),
            .romantic: Beat(2, .other("remember our first date? you brought me bread"), .me("Doughtrude's great-grandmother. she'd be proud ❤️")),
        ],
        ending: [
            .me("the bakery downstairs smelled it through the floor. they want to BUY her", pause: 2.0, reaction: "😂"),
            .other("how much"),
            .me("free bread for life. Doughtrude is moving out and she's never looking back"),
        ],
        flavourAt: 6)

    static let potatoFilter = ChatScript(
        id: "comedy-potato-filter", title: "I'm a potato in the board meeting",
        keywords: ["filter", "video", "call", "meeting", "potato", "zoom"],
        hook: [.other("why are you a potato in the board meeting 🥔"), .me("I CAN'T TURN IT OFF. my nephew used my laptop")],
        middle: [
            Beat(1, .other("the CEO just said 'let's hear from the potato'"), .me("I'm going to have to present. as a potato")),
            Beat(2, .other("your mouth moves. the potato talks. it's very convincing"), .me("I don't want it to be convincing")),
            Beat(1, .other("you're up. go", pause: 1.0)),
            Beat(3, .me("deep breath")),
            Beat(2, .other("you're doing amazing"), .me("am I? I can only see a potato explaining sales figures")),
            Beat(3, .other("someone asked if the potato has a question"), .me("the potato has many questions. mostly about life")),
            Beat(2, .other("the CEO is nodding. slowly. like he's thinking")),
            Beat(3, .me("is that a good nod"), .other("it's a potato nod. I can't tell")),
            Beat(2, .me("I tried to turn it off and now I'm a cat with a hat"), .other("GO BACK TO THE POTATO")),
            Beat(3, .other("the potato had authority. the cat is chaos"), .me("back to potato")),
            Beat(2, .other("everyone has their camera off now. they're laughing"), .me("I can see the little bars moving. they're all laughing")),
            Beat(3, .me("I'm calling my nephew after this"), .other("to shout?")),
            Beat(3, .me("no. to ask how he did it. this is art")),
            Beat(3, .other("the CEO just unmuted"), .me("here it comes")),
            Beat(3, .other("he's turned on a filter too"), .me("WHICH ONE")),
        ],
        flavours: [
            .funny: Beat(2, .other("put 'professional potato' on your CV"), .me("with ten years of experience 😂")),
            .scary: Beat(2, .me("my face appeared for one second and the potato came BACK"), .other("it's possessed. unplug the laptop")),
            .dramatic: Beat(2, .me("I worked on this presentation for six weeks"), .other("and you're nailing it. the potato is nailing it")),
            .romantic: Beat(2, .other("the cute one from marketing just messaged 'nice potato'"), .me("that's basically a proposal ❤️")),
        ],
        ending: [
            .other("meeting's over. the CEO says every monday meeting is potato day now", pause: 2.0, reaction: "🥔"),
            .me("I changed the company"),
            .other("you'll get a statue. a very lumpy statue"),
        ],
        flavourAt: 6)
}
