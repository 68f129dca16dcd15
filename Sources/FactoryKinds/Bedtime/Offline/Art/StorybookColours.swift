import FactoryCore

/// The colours of one storybook setting: a night sky fading to a dusk horizon, the ground's far,
/// middle and near tones, the moon's light and the warm light of lanterns and windows. `warmth`
/// (0–1, seeded) moves the horizon between a cool night and a rosier dusk.
struct StorybookColours {
    var skyTop: String
    var skyMiddle: String
    var horizon: String
    var far: String
    var middle: String
    var near: String
    var accent: String
    var moon: String
    var glow: String

    static func of(_ setting: StorySetting, warmth: Double) -> StorybookColours {
        var c: StorybookColours
        switch setting {
        case .forest:
            c = StorybookColours(skyTop: "#101C3A", skyMiddle: "#24406A", horizon: "#7FA6A0", far: "#2B4E5A", middle: "#2F5E4E",
                                 near: "#3F7A4F", accent: "#D9C48A", moon: "#FFF3D1", glow: "#FFE07A")
        case .sea:
            c = StorybookColours(skyTop: "#161A48", skyMiddle: "#4A3F86", horizon: "#F0A98A", far: "#2F4C86", middle: "#234272",
                                 near: "#EBCB9F", accent: "#F4F0E8", moon: "#FFF4D8", glow: "#FFE9A8")
        case .sky:
            c = StorybookColours(skyTop: "#0D0F33", skyMiddle: "#2D2C76", horizon: "#8C79C9", far: "#B9ABEB", middle: "#E4DEFF",
                                 near: "#231E4A", accent: "#C7D2FF", moon: "#FFF0B3", glow: "#FFD47A")
        case .snow:
            c = StorybookColours(skyTop: "#081A30", skyMiddle: "#18395A", horizon: "#4F7FA0", far: "#A8C2DC", middle: "#1E4B48",
                                 near: "#EAF1FA", accent: "#74F0B4", moon: "#F2F6FF", glow: "#FFC766")
        case .town:
            c = StorybookColours(skyTop: "#231A4A", skyMiddle: "#5E4690", horizon: "#F3A57C", far: "#7A5C8E", middle: "#A8728A",
                                 near: "#8A7A9E", accent: "#3A2C55", moon: "#FFF2D2", glow: "#FFD27A")
        }
        // A rosier dusk: the horizon and the middle of the sky lean towards apricot.
        c.horizon = Tone(c.horizon).mixed(Tone("#F6B48E"), warmth * 0.35).hex
        c.skyMiddle = Tone(c.skyMiddle).mixed(Tone("#7A5A9E"), warmth * 0.25).hex
        return c
    }
}
