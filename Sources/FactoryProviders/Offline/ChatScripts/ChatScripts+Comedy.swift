import FactoryCore

/// Comedy: a small disaster that keeps getting bigger, and an ending that flips it.
extension ChatScripts {
    static let comedy = [familyChat, plasticPlant, dogShopping] + comedyMishaps + comedyChaos

    static let familyChat = ChatScript(
        id: "comedy-family-chat", title: "I sent it to the family group chat",
        keywords: ["family", "group", "grandma", "meme", "lasagna", "unsend"],
        hook: [.me("tell me there's a way to unsend a message in the family group chat 💀"), .other("oh no. what did you send")],
        middle: [
            Beat(1, .me("the meme about grandma's lasagna. the one WE made"), .other("THE ONE WITH THE FIRE EXTINGUISHER??")),
            Beat(3, .other("I'm screaming 😂")),
            Beat(1, .me("grandma is typing. she's been typing for 3 minutes")),
            Beat(2, .other("3 minutes is a whole paragraph. you're done")),
            Beat(3, .me("should I say my phone got hacked"), .other("by who. a lasagna critic?")),
            Beat(2, .me("dad reacted with a thumbs up 👍"), .other("dad doesn't know what it means. dad thumbs-ups everything")),
            Beat(2, .me("she's STILL typing"), .other("I'm hiding in the bathroom so mom can't see me laughing")),
            Beat(3, .me("this is not funny"), .other("it's the funniest thing to happen to this family since the swan incident")),
            Beat(2, .me("aunt Rosa just left the group"), .other("aunt Rosa LEFT?? she once stayed at a wedding 6 hours after it ended")),
            Beat(3, .me("cousin Dev sent 'lmaooo' and deleted it 2 seconds later"), .other("Dev is a coward and I respect it")),
            Beat(2, .me("I'm drafting an apology. 'dear grandma, the meme was satire'"),
                 .other("don't say satire to grandma. she'll think it's a cheese")),
            Beat(3, .me("what if I just move to another country"), .other("she'd find you. she found the remote we hid in 2009")),
            Beat(3, .me("the typing bubble keeps appearing and disappearing. she's EDITING")),
            Beat(3, .me("she stopped typing"), .other("oh no. that's worse. that's so much worse")),
        ],
        flavours: [
            .funny: Beat(2, .other("can I frame this chat"), .me("frame it next to my tombstone 💀")),
            .scary: Beat(2, .me("my phone's ringing. it's grandma. I'm NOT answering 😨"), .other("let it ring. that's how horror movies start")),
            .dramatic: Beat(2, .me("this is the end of my life as I know it"), .other("so dramatic. (you're also right)")),
            .romantic: Beat(2, .other("at least your new boo replied with a heart ❤️"), .me("they meet grandma on SUNDAY. this is a disaster")),
        ],
        ending: [
            .me("grandma replied. it's a photo", pause: 2.0),
            .other("OF WHAT"),
            .me("a lasagna. on fire. caption: 'your turn to cook on sunday 😇'", reaction: "😂"),
        ],
        flavourAt: 7)

    static let plasticPlant = ChatScript(
        id: "comedy-plastic-plant", title: "8 months of watering a plastic plant",
        keywords: ["plant", "roommate", "flatmate", "water", "fake", "gerald"],
        hook: [.other("I need to confess something about the plant 🌱"), .me("what did you do to Gerald")],
        middle: [
            Beat(1, .other("nothing!! that's the problem. I've watered him every day for 8 months"),
                 .me("and he's THRIVING. you're the best plant parent ever")),
            Beat(1, .other("I tried to repot him today. he's plastic.", pause: 1.0)),
            Beat(2, .me("no. NO."), .other("there's a price tag on the bottom. €4.99 😭")),
            Beat(3, .me("you talked to him every morning"), .other("I READ HIM POETRY")),
            Beat(2, .me("wait so where did 8 months of water go"), .other("that's the thing. I have no idea")),
            Beat(2, .other("the floor under the shelf is soft. like squishy soft"), .me("don't tell the landlord")),
            Beat(3, .other("the landlord is already asking why the flat downstairs has a 'mystery drip'")),
            Beat(3, .other("I put a bucket under the shelf"), .me("a bucket. for a plastic plant.")),
            Beat(2, .me("I'm crying 😂 we've been watering the downstairs flat for 8 months")),
            Beat(3, .me("wait who even bought Gerald"), .other("YOU did. for my birthday")),
            Beat(3, .me("oh. I thought he was real too"), .other("so we're both idiots")),
            Beat(3, .me("should we have a funeral"), .other("he was never alive. that's the saddest part")),
            Beat(2, .me("ok new plan: we buy a real plant and never speak of this"), .other("already bought one. I named it Gerald II")),
            Beat(3, .me("Gerald II better be able to drink")),
        ],
        flavours: [
            .funny: Beat(2, .other("I feel like I owe him an apology"), .me("he's plastic. he forgives you 💀")),
            .scary: Beat(2, .other("ok but why was his soil always warm"), .me("please don't make Gerald haunted 😨")),
            .dramatic: Beat(2, .other("8 months. I cried to him after my breakup"), .me("and he listened. that still counts")),
            .romantic: Beat(2, .me("honestly it's kind of sweet how much you loved him"), .other("don't make me blush over a fake fern ❤️")),
        ],
        ending: [
            .other("wait. the downstairs neighbour just knocked", pause: 1.5),
            .other("they said THANK YOU?? the drip has been watering their tomato plants all summer 🍅"),
            .me("Gerald was a farmer all along 😂", reaction: "😂"),
        ],
        flavourAt: 9)

    static let dogShopping = ChatScript(
        id: "comedy-dog-shopping", title: "My dog learned online shopping",
        keywords: ["dog", "puppy", "card", "shopping", "ducks", "order", "laptop"],
        hook: [.me("why did my card just get charged for 40 rubber ducks?? 🦆"), .other("hold on. let me check the dog")],
        middle: [
            Beat(1, .me("check the DOG??"), .other("he's been sleeping on the laptop all week. it's warm")),
            Beat(2, .other("ok the laptop is open. there's a shopping cart"), .me("what's in it")),
            Beat(1, .other("40 rubber ducks, bacon treats and a 'luxury dog sofa'. he one-click bought it. with his NOSE")),
            Beat(3, .me("cancel the sofa"), .other("it says 'arriving today' 😭")),
            Beat(3, .me("how does he even know how to scroll"), .other("he watches me do it. he's been learning")),
            Beat(2, .other("there's also a 5 star review"), .me("a REVIEW??"), .other("'great ducks. would bite again.' posted from your account")),
            Beat(2, .me("I'm going to lose my mind 😂")),
            Beat(3, .me("the review has 87 likes"), .other("he's more popular online than both of us")),
            Beat(3, .me("he's banned from the laptop"), .other("he's staring at me like I'm the problem")),
            Beat(2, .other("the doorbell just rang. it's the sofa"), .me("send it BACK")),
            Beat(2, .other("he's already on it. he looks so happy 🥺"), .me("…ok he can keep the sofa")),
            Beat(3, .me("but the ducks go back"), .other("he's lining them up on the windowsill. there's a system")),
            Beat(3, .me("what system"), .other("by size. he's more organised than you")),
        ],
        flavours: [
            .funny: Beat(2, .me("does he have a better credit score than me"), .other("probably. he pays nothing and owns a sofa 💀")),
            .scary: Beat(2, .other("ok this is weird. the laptop was closed when I left"), .me("don't say that. he's a dog. RIGHT?? 😨")),
            .dramatic: Beat(2, .me("that card was for rent 😭"), .other("I'll cover it. he's half my dog too")),
            .romantic: Beat(2, .other("he also bought you a duck with a tiny bow tie. I think it's for you ❤️"), .me("stop. that's actually adorable")),
        ],
        ending: [
            .other("uh oh. new email. 'your order of ONE DOG has shipped'", pause: 2.0),
            .me("A SECOND DOG??"),
            .other("relax. it's a plush toy. he ordered himself a friend 🥺", reaction: "❤️"),
        ],
        flavourAt: 6)
}
