import Foundation

/// Runware model families as the official SDK (Runware/sdk-python `types/task_map.py`, built from
/// each model's JSON Schema) and runware.ai/docs describe them: SD 1.5/SDXL checkpoints and FLUX
/// dev/schnell take steps, CFGScale, negativePrompt and scheduler; Black Forest Labs partner
/// models (`bfl:…`, runware.ai/docs/en/providers/bfl) take only positivePrompt, width, height and
/// seed, sides of 256–1440 px, and are priced per image.
struct FakeRunwareFamily: Sendable {
    var name: String
    /// Fields of the task this family rejects.
    var rejected: [String]
    var minSide: Int
    var maxSide: Int
    /// A fixed price per image, or nil for compute billing.
    var perImage: Double?
    /// Compute billing at 1 MP and the reference steps.
    var computeBase: Double
    var referenceSteps: Double

    static let checkpoint = FakeRunwareFamily(name: "sd", rejected: [], minSide: 128, maxSide: 2048, perImage: nil,
                                              computeBase: 0.0013, referenceSteps: 28)
    static let fluxSchnell = FakeRunwareFamily(name: "flux", rejected: [], minSide: 128, maxSide: 2048, perImage: nil,
                                               computeBase: 0.0006, referenceSteps: 4)
    static let partner = FakeRunwareFamily(name: "bfl", rejected: ["steps", "CFGScale", "negativePrompt", "scheduler"],
                                           minSide: 256, maxSide: 1440, perImage: 0.04, computeBase: 0, referenceSteps: 1)

    /// The family of an AIR id; nil for a model the fake does not know (a 400, as for an unknown model).
    static func of(_ model: String) -> FakeRunwareFamily? {
        if model.hasPrefix("bfl:") { return partner }
        if model == "runware:100@1" { return fluxSchnell }
        if model.hasPrefix("civitai:") || model.hasPrefix("runware:") { return checkpoint }
        return nil
    }

    /// The task's cost: fixed for partner models, else compute-billed (pixels × steps), to 6 decimals.
    func cost(width: Int, height: Int, steps: Int) -> Double {
        let usd = perImage ?? computeBase * (Double(width * height) / 1_048_576) * (Double(steps) / referenceSteps)
        return (usd * 1_000_000).rounded() / 1_000_000
    }

    /// The validation error a task gets from this family, or nil.
    func problem(_ task: FakeJSON, width: Int, height: Int) -> RunwareProblem? {
        if let field = rejected.first(where: { task[$0] != nil }) {
            return RunwareProblem(status: 400, code: "unsupportedParameter",
                                  message: "Parameter \(field) is not supported by model \(task["model"]?.string ?? ""). Remove it from the request.",
                                  parameter: field)
        }
        for (name, value) in [("width", width), ("height", height)] where !(minSide...maxSide).contains(value) {
            return RunwareProblem(status: 400, code: name == "width" ? "invalidWidth" : "invalidHeight",
                                  message: "Invalid value for \(name) parameter. This model takes \(minSide) to \(maxSide) pixels (got \(value)).",
                                  parameter: name)
        }
        return nil
    }
}
