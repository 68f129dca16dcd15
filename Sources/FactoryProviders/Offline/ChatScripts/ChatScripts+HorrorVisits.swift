import FactoryCore

/// Still more horror: visitors that leave traces, drawings and directions, and turn out closer than they seemed.
extension ChatScripts {
    static let horrorVisits = [tallMan, snowFootprints, returningDoll, satNav, tentZip]

    static let tallMan = ChatScript(
        id: "horror-tall-man", title: "The kid keeps drawing a tall man",
        keywords: ["babysitting", "babysit", "drawing", "kid", "crayon", "tall"],
        hook: [.me("quick question about babysitting your son. who's the tall man in his drawings?"), .other("what tall man?")],
        middle: [
            Beat(1, .me("every picture. your house, your family, and a very tall man in the hallway"), .other("he's got a big imagination")),
            Beat(2, .me("I asked him who it is. he said 'the one who tucks me in'"), .other("I tuck him in. or his dad")),
            Beat(1, .me("his dad is 5 foot 6", pause: 1.0)),
            Beat(3, .other("ok that's a bit odd")),
            Beat(2, .me("he says the man is only there when you're out"), .other("kids say things like that")),
            Beat(3, .me("the man in the drawing has no face. just a hat"), .other("please stop describing it")),
            Beat(2, .me("he just drew a new one. of tonight")),
            Beat(3, .other("what's in it"), .me("me on the sofa. him in bed. and the tall man on the stairs")),
            Beat(2, .other("is he in bed now"), .me("yes. asleep. I checked")),
            Beat(3, .me("the hallway light keeps flickering")),
            Beat(2, .other("the bulb's new. it shouldn't flicker"), .me("well it is")),
            Beat(3, .me("I just heard the stairs creak. one step at a time")),
            Beat(3, .other("we're leaving the restaurant now. stay where you are")),
            Beat(3, .me("the baby monitor just picked up a voice. a deep one"), .other("what's it saying")),
            Beat(3, .me("it's telling him a story")),
        ],
        flavours: [
            .funny: Beat(2, .other("did he at least give the man nice shoes"), .me("purple ones. very stylish 😅")),
            .scary: Beat(2, .me("he coloured the man's eyes in black. pressed so hard the paper ripped"), .other("we're coming home 😨")),
            .dramatic: Beat(2, .other("the last babysitter quit without saying why"), .me("you could have MENTIONED that")),
            .romantic: Beat(2, .other("thank you for staying. really. you're so good with him"), .me("I'd never leave him alone ❤️")),
        ],
        ending: [
            .other("we're home. he's fast asleep. there's a new drawing on his pillow", pause: 2.0),
            .me("what's in it", reaction: "😨"),
            .other("you. on the stairs. holding the tall man's hand"),
        ],
        flavourAt: 6)

    static let snowFootprints = ChatScript(
        id: "horror-snow-footprints", title: "Footprints in the snow, none leaving",
        keywords: ["snow", "footprints", "winter", "cabin", "tracks", "frost"],
        hook: [.other("did you go outside in the snow last night?"), .me("no? I was asleep by ten. why")],
        middle: [
            Beat(1, .other("there are footprints from the woods to your window"), .me("probably a fox")),
            Beat(2, .other("foxes don't wear boots"), .me("ok a person then. a lost walker")),
            Beat(1, .other("they go up to your window. and none go back", pause: 1.0)),
            Beat(3, .me("that doesn't make sense")),
            Beat(2, .me("I'm looking out now. I see them"), .other("they stop right under the glass")),
            Beat(3, .me("there's a handprint on the window. on the inside"), .other("the INSIDE?")),
            Beat(2, .other("check every room in the cabin")),
            Beat(3, .me("kitchen's fine. living room's fine"), .other("the loft?")),
            Beat(2, .me("there's a trail of melted snow up the loft ladder"), .other("do not go up that ladder")),
            Beat(3, .me("something's moving up there. slowly")),
            Beat(2, .other("get out. drive to the village"), .me("the car won't start. it's frozen")),
            Beat(3, .me("the loft hatch just slid open a little"), .other("stay by the door. keep your phone in your hand")),
            Beat(3, .other("I'm getting the snowmobile. 20 minutes")),
            Beat(3, .me("it's whispering. it's asking if it can warm up")),
            Beat(3, .other("don't answer. whatever you do, don't say yes")),
        ],
        flavours: [
            .funny: Beat(2, .other("maybe it's a yeti who wants cocoa"), .me("I'm not sharing my cocoa with a yeti 😅")),
            .scary: Beat(2, .me("the footprints are getting SMALLER as they get to the house"), .other("why would you tell me that 😨")),
            .dramatic: Beat(2, .other("I begged you not to stay there alone"), .me("I know. you were right. just come")),
            .romantic: Beat(2, .other("I'm coming for you. nothing's stopping me"), .me("drive safe. I need you here ❤️")),
        ],
        ending: [
            .other("I'm at the cabin. there's only one set of footprints out here", pause: 2.0),
            .other("they're yours. walking into the woods", reaction: "😶"),
            .me("I haven't left the cabin"),
        ],
        flavourAt: 6)

    static let returningDoll = ChatScript(
        id: "horror-returning-doll", title: "I gave the doll away. Twice.",
        keywords: ["doll", "toy", "attic", "charity", "donated", "porcelain"],
        hook: [.me("remember grandma's porcelain doll? I gave it to the charity shop on monday"), .other("finally. that thing watched me sleep for years")],
        middle: [
            Beat(1, .me("it's back. on my bed. this morning"), .other("someone's playing a joke on you")),
            Beat(2, .me("I live alone"), .other("the charity shop delivered it back?")),
            Beat(1, .me("I called them. they sold it on tuesday", pause: 1.0)),
            Beat(3, .other("ok. that's not great")),
            Beat(2, .me("I threw it in the bin outside"), .other("good")),
            Beat(3, .me("the bin men took it at 8. I watched them"), .other("then it's gone")),
            Beat(2, .me("it's sitting at the kitchen table")),
            Beat(3, .other("send a photo"), .me("it's turned to face the door")),
            Beat(2, .other("bring it to mine. we'll deal with it together"), .me("I'm not touching it again")),
            Beat(3, .me("its hair is wet. it hasn't rained")),
            Beat(2, .other("what does grandma say about it"), .me("she says 'it always finds its way home'")),
            Beat(3, .other("that's not comforting grandma")),
            Beat(3, .me("I put it in a box and taped it shut"), .other("good. leave it there")),
            Beat(3, .me("the box is tapping")),
            Beat(3, .other("I'm coming over")),
        ],
        flavours: [
            .funny: Beat(2, .other("maybe it just really likes you"), .me("it can like me from a DIFFERENT COUNTY 😅")),
            .scary: Beat(2, .me("its eyes were closed in the box. they're open now"), .other("STOP looking at it 😨")),
            .dramatic: Beat(2, .me("grandma made me promise to keep it. I broke the promise"), .other("you didn't know this would happen")),
            .romantic: Beat(2, .other("come stay at mine tonight. leave it there"), .me("already packing ❤️")),
        ],
        ending: [
            .me("I'm at yours. I left it taped in the box at home", pause: 2.0),
            .other("then why is it sitting on MY sofa?", reaction: "😱"),
            .other("it's wearing my scarf"),
        ],
        flavourAt: 6)

    static let satNav = ChatScript(
        id: "horror-sat-nav", title: "The sat nav found a missing road",
        keywords: ["satnav", "gps", "road", "directions", "map", "route"],
        hook: [.other("why is your location pin in the middle of the lake?"), .me("I'm not at the lake. I'm on a road. the sat nav says it's the way home")],
        middle: [
            Beat(1, .other("there's no road there. I'm looking at the map"), .me("I'm driving on it. it's gravel. there are trees")),
            Beat(2, .other("turn around"), .me("the sat nav says 'continue for 2 miles'")),
            Beat(1, .me("my headlights just dimmed on their own", pause: 1.0)),
            Beat(3, .other("turn around now")),
            Beat(2, .me("there's no space to turn. trees on both sides"), .other("then reverse")),
            Beat(3, .me("I reversed for a minute. the same tree keeps coming past"), .other("the same tree?")),
            Beat(2, .me("it has a ribbon on it. I've passed it four times")),
            Beat(3, .other("what colour ribbon"), .me("yellow")),
            Beat(2, .other("the old lake road was closed in 1987. they tied yellow ribbons"), .me("why was it closed")),
            Beat(3, .other("I'd rather not say while you're on it")),
            Beat(2, .me("the sat nav changed voice. it sounds like an old man"), .other("what's it saying")),
            Beat(3, .me("'you're nearly there. they're waiting'")),
            Beat(3, .other("who is waiting"), .me("I don't know")),
            Beat(3, .me("lights ahead. a little house with the porch light on")),
            Beat(3, .other("there's no house out there. don't stop")),
        ],
        flavours: [
            .funny: Beat(2, .other("at least it's not charging tolls"), .me("the toll is probably my soul 😅")),
            .scary: Beat(2, .me("someone is walking next to the car. keeping pace"), .other("DON'T look at them 😨")),
            .dramatic: Beat(2, .other("I said take the motorway. I SAID"), .me("yes. you said. now help me")),
            .romantic: Beat(2, .other("I'm getting in the car. I'm coming to find you"), .me("don't. not on this road ❤️")),
        ],
        ending: [
            .me("the sat nav says 'you have arrived'. I'm on the dock. over the water", pause: 2.0),
            .other("your pin just moved. it's not on the dock", reaction: "😨"),
            .other("it's outside my house"),
        ],
        flavourAt: 6)

    static let tentZip = ChatScript(
        id: "horror-tent-zip", title: "Someone unzipped our tent from outside",
        keywords: ["camping", "tent", "woods", "hiking", "campsite", "zip"],
        hook: [.me("was that you unzipping the tent just now?"), .other("I'm in the toilet block. why")],
        middle: [
            Beat(1, .me("the zip went all the way round. slowly. then zipped back"), .other("probably the wind")),
            Beat(2, .me("wind doesn't do zips"), .other("ok. an animal")),
            Beat(1, .me("animals don't zip things BACK UP", pause: 1.0)),
            Beat(3, .other("stay in your sleeping bag")),
            Beat(2, .me("I can see a shadow on the tent wall. standing very still"), .other("how tall")),
            Beat(3, .me("taller than the tent"), .other("I'm coming back")),
            Beat(2, .me("it's walking round the tent. I can hear the grass")),
            Beat(3, .other("shine your torch"), .me("the torch won't turn on")),
            Beat(2, .me("it's talking now"), .other("what's it saying")),
            Beat(3, .me("it's asking if there's room for one more")),
            Beat(2, .other("I'm halfway back. which side is it on"), .me("the door side")),
            Beat(3, .other("then I'll come round the back")),
            Beat(3, .me("it stopped walking")),
            Beat(3, .other("I can see our tent. I don't see anyone"), .me("it's right there. at the door")),
            Beat(3, .other("there's nobody there. I promise")),
        ],
        flavours: [
            .funny: Beat(2, .other("tell it the campsite has a strict no-visitors policy"), .me("I'm not NEGOTIATING with it 😅")),
            .scary: Beat(2, .me("it's humming the song we sang at the fire"), .other("how would it know that song 😨")),
            .dramatic: Beat(2, .other("I said we should have stayed at the B&B"), .me("not now!!")),
            .romantic: Beat(2, .other("nothing's getting between me and you. not even a tent"), .me("hurry. please ❤️")),
        ],
        ending: [
            .other("I'm at the tent. it's open. there's nobody inside", pause: 2.0),
            .me("I'm inside. I'm right here. in my sleeping bag", reaction: "😶"),
            .other("the sleeping bag is empty. but it's still warm"),
        ],
        flavourAt: 6)
}
