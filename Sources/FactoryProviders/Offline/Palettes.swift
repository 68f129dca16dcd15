import FactoryCore
import FactoryKinds

/// Colour palettes of the offline painter, three per series: sky top, sky bottom, light (sun),
/// far, middle and near tones.
enum Palettes {
    static func options(for series: Series) -> [[String]] {
        switch series {
        case .mondayMotivation: [["#FDE2C4", "#F7A072", "#FFD166", "#C08497", "#6D597A", "#355070"],
                                 ["#FFEDD8", "#F3B391", "#FFE29A", "#A5A58D", "#6B705C", "#3F4238"],
                                 ["#FCE4EC", "#F8BBD0", "#FFF3B0", "#9A8C98", "#4A4E69", "#22223B"]]
        case .tuesdayThoughts: [["#E8EAF6", "#C5CAE9", "#FFFFFF", "#9FA8DA", "#5C6BC0", "#303F9F"],
                                ["#E3F2FD", "#BBDEFB", "#FFF8E1", "#90A4AE", "#546E7A", "#263238"],
                                ["#F3E5F5", "#D1C4E9", "#FFFDE7", "#B39DDB", "#7E57C2", "#4527A0"]]
        case .wednesdayWisdom: [["#F1EFE7", "#DAD7CD", "#E9C46A", "#A3B18A", "#588157", "#344E41"],
                                ["#F5F0E6", "#E6DCC8", "#F4A261", "#B7B7A4", "#6B705C", "#3A3A32"],
                                ["#EDF2F4", "#D9E2E6", "#F6BD60", "#8D99AE", "#5C677D", "#2B2D42"]]
        case .thursdayTherapy: [["#FFF1E6", "#FDE2E4", "#FFD6A5", "#E2ECE9", "#CDB4DB", "#9D8189"],
                                ["#FFF5EE", "#FAD2CF", "#FFE5B4", "#E8C2CA", "#C38D9E", "#8E6C88"],
                                ["#FEF6E4", "#F8D9C4", "#FFE8A3", "#D4E2D4", "#A7C4BC", "#6B9080"]]
        case .fridayReflection: [["#FFE8B6", "#F9A26C", "#FFD56B", "#C97C5D", "#8C4A3C", "#3D2C2E"],
                                 ["#FFD8A8", "#F4845F", "#FFE066", "#B5838D", "#6D6875", "#2D2A32"],
                                 ["#FCEFB4", "#F79D65", "#FFF1A8", "#C9ADA7", "#9A8C98", "#3E3A47"]]
        case .weekendWellness: [["#E0F2E9", "#B8E0D2", "#FFF3C4", "#95B8A3", "#5E8C61", "#2F5233"],
                                ["#E8F6F3", "#A9D6E5", "#FFF5CC", "#89C2D9", "#468FAF", "#01497C"],
                                ["#F0F7EE", "#C4D7B2", "#FFF8D6", "#A0C49D", "#6A994E", "#386641"]]
        case .dailyAffirmation: [["#FFF0F5", "#FFD1DC", "#FFF5BA", "#C1E1C1", "#A7C7E7", "#C3B1E1"],
                                 ["#F0FFF4", "#C6F6D5", "#FEFCBF", "#BEE3F8", "#D6BCFA", "#FBB6CE"],
                                 ["#FFFBEA", "#FFE3E3", "#FFF3BF", "#D3F9D8", "#D0EBFF", "#E5DBFF"]]
        case .mindfulMoment: [["#F4F4F2", "#E8E8E4", "#D8D5CF", "#B8B5AE", "#8A8780", "#5B5953"],
                              ["#EEF2F3", "#DCE4E6", "#F0E6D2", "#AFC1C6", "#7F979E", "#4E656B"],
                              ["#F6F1EB", "#E9E0D5", "#F2D0A9", "#C9B8A6", "#9C8979", "#6B5B4E"]]
        }
    }
}
