import FactoryCore

/// The small bank of stories the fake writer tells: one per genre, each a hook, ordered beats
/// and a payoff, plus short reactions that stretch a story to a long count.
extension FakeConversation {
    /// One story: alternative hooks and payoffs, and the beats between them in order.
    struct Script {
        var genre: String
        var title: String
        var hooks: [String]
        var beats: [String]
        var payoffs: [String]
    }

    /// The story for the genre named in the prompt ("Write a funny comedy chat story …"), else a seeded one.
    static func script(for prompt: String, random: inout SeededRandom) -> Script {
        let opening = prompt.split(separator: "\n").first.map { $0.lowercased() } ?? ""
        return scripts.first { opening.contains($0.genre) } ?? scripts[Int(random.next() % UInt64(scripts.count))]
    }

    /// Reactions that fit between any two beats.
    static let fillers = ["wait what", "omg", "no way", "seriously??", "I'm listening", "go on…", "wdym", "hold on",
                          "this is wild", "😳", "you're kidding", "ok ok ok", "tell me everything", "how??", "stop it",
                          "I have so many questions", "srsly", "keep going", "I'm screaming", "lol what"]

    static let scripts: [Script] = [
        Script(genre: "drama", title: "The Wedding Text",
               hooks: ["why is my sister saying you're not coming to the wedding??",
                       "so you were just going to skip my wedding and not tell me?!"],
               beats: ["who told you that", "she showed me your message. \"can't do it, sorry\"", "that was NOT about the wedding",
                       "then what was it about", "I can't say yet. please trust me", "you've been weird for weeks",
                       "I know. I'm sorry", "are you moving away or something", "kind of? it's complicated",
                       "I'm literally crying in the car park rn", "ok. check your front door", "there's a box here. what is this"],
               payoffs: ["open it. I'm not skipping it, I'm officiating it 💍",
                         "I got ordained online so I could marry you two!! surprise 🎉"]),
        Script(genre: "comedy", title: "The Llama Situation",
               hooks: ["why is there a llama in my driveway?!", "ok don't be mad but I may have adopted something huge!"],
               beats: ["define huge", "it's eating your roses", "that's a rental llama. long story", "RENTAL???",
                       "for the party saturday. it does photos", "it just sneezed on the postman", "is he ok",
                       "he's laughing. the llama is not", "can you put it in the garage", "it won't fit through the door lol",
                       "it's wearing a tiny hat now", "who put a hat on it"],
               payoffs: ["ok the neighbours just booked it for their party too. we're in business 🦙",
                         "update: the llama has 3k followers and its own agent!"]),
        Script(genre: "romance", title: "Wrong Number, Right Person",
               hooks: ["did you just send me a 4 page poem by accident??", "um. I think this poem was meant for someone else?!"],
               beats: ["oh no", "oh no no no", "it's actually really good tho", "please delete it 😭", "who's the lucky person",
                       "the barista at the corner café", "the one with the green scarf?", "...how do you know that",
                       "because I'm wearing the green scarf right now", "wait", "you work at the corner café?",
                       "since june. you order oat flat whites"],
               payoffs: ["so… same time tomorrow? first one's on me ☕", "read it to me in person tomorrow and I'll say yes!"]),
        Script(genre: "horror", title: "Don't Open the Door",
               hooks: ["why did you just knock on my window??", "are you outside my house right now?!"],
               beats: ["no I'm at work", "someone just knocked. three times", "turn on the porch light", "it's on. nobody there",
                       "check the doorbell camera", "the camera shows you. waving", "that's impossible, I'm at my desk",
                       "it's still waving", "don't open the door", "it's holding up a phone", "what's on the screen", "this chat"],
               payoffs: ["it just typed \"let me in\" 😱", "my phone just said message delivered and I didn't send anything 👻"]),
        Script(genre: "mystery", title: "Who Took the Cake",
               hooks: ["who ate the entire birthday cake??", "ok which one of you took the cake from the fridge?!"],
               beats: ["not me, I've been at practice all day", "there's a trail of crumbs to the garden", "follow it",
                       "it goes to the shed", "the shed is locked. only dad has the key", "dad is at the airport",
                       "then who locked it", "I can hear something in there", "like chewing??", "like chewing.",
                       "ok I'm getting the spare key", "don't go in alone"],
               payoffs: ["it's the neighbour's dog. wearing the party hat. case closed 🐶",
                         "grandma!! she flew in early and ate it all 🎂"]),
    ]
}
