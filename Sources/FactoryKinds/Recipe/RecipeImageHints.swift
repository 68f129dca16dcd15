import FactoryCore

/// The recipe's own image hint, read by its fridge-and-plate painter.
extension ImageHints.Key {
    /// Which picture of the recipe (`RecipePainter.Role`: before, after, meal).
    public static let role: Self = "role"
}
