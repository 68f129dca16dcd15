import FactoryCore
import Foundation

/// One validated `imageInference` task, with the documented defaults filled in.
struct RunwareImageRequest: Sendable {
    var taskUUID: String
    var prompt: String
    var model: String
    var width: Int
    var height: Int
    var steps: Int
    var numberResults: Int
    var outputType: String
    /// "jpg", "png" or "webp".
    var format: String
    var seed: Int64
    var includeCost: Bool

    static func parse(_ task: FakeJSON) -> Result<RunwareImageRequest, RunwareProblem> {
        func problem(_ code: String, _ parameter: String, _ message: String) -> Result<RunwareImageRequest, RunwareProblem> {
            .failure(RunwareProblem(status: 400, code: code, message: message, parameter: parameter))
        }
        guard let uuid = task["taskUUID"]?.string, UUID(uuidString: uuid) != nil else {
            return problem("invalidTaskUUID", "taskUUID", "Invalid value for taskUUID. It must be a UUID v4 string.")
        }
        guard let prompt = task["positivePrompt"]?.string else {
            return problem("missingPositivePrompt", "positivePrompt", "Missing required parameter positivePrompt.")
        }
        guard (2...3000).contains(prompt.count) else {
            return problem("invalidPositivePrompt", "positivePrompt", "Invalid value for positivePrompt. It must be between 2 and 3000 characters (got \(prompt.count)).")
        }
        guard let model = task["model"]?.string, !model.isEmpty else {
            return problem("missingModel", "model", "Missing required parameter model (an AIR id such as runware:101@1).")
        }
        var sizes: [Int] = []
        for name in ["width", "height"] {
            guard let value = task[name]?.int, (128...2048).contains(value), value % 64 == 0 else {
                let code = name == "width" ? "invalidWidth" : "invalidHeight"
                let got = task[name].map { $0.text } ?? "nothing"
                return problem(code, name, "Invalid value for \(name) parameter. It must be between 128 and 2048 and divisible by 64 (got \(got)).")
            }
            sizes.append(Int(value))
        }
        let steps = task["steps"]?.int ?? 20
        guard task["steps"] == nil || task["steps"]?.int != nil, (1...100).contains(steps) else {
            return problem("invalidSteps", "steps", "Invalid value for steps parameter. It must be an integer between 1 and 100.")
        }
        if let cfg = task["CFGScale"], !(cfg.number.map { (0...50).contains($0) } ?? false) {
            return problem("invalidCFGScale", "CFGScale", "Invalid value for CFGScale parameter. It must be a number between 0 and 50.")
        }
        let count = task["numberResults"]?.int ?? 1
        guard task["numberResults"] == nil || task["numberResults"]?.int != nil, (1...20).contains(count) else {
            return problem("invalidNumberResults", "numberResults", "Invalid value for numberResults parameter. It must be between 1 and 20.")
        }
        let outputType = task["outputType"]?.string ?? "URL"
        guard task["outputType"] == nil || ["URL", "base64Data", "dataURI"].contains(outputType) else {
            return problem("invalidOutputType", "outputType", "Invalid value for outputType parameter. It must be one of URL, base64Data, dataURI.")
        }
        let format = (task["outputFormat"]?.string ?? "JPG").uppercased()
        guard task["outputFormat"] == nil || task["outputFormat"]?.string != nil, ["JPG", "PNG", "WEBP"].contains(format) else {
            return problem("invalidOutputFormat", "outputFormat", "Invalid value for outputFormat parameter. It must be one of JPG, PNG, WEBP.")
        }
        var seed = Int64(Seed.from(uuid) % UInt64(UInt32.max)) + 1
        if let given = task["seed"] {
            guard let value = given.int, value >= 1 else {
                return problem("invalidSeed", "seed", "Invalid value for seed parameter. It must be an integer between 1 and 9223372036854775807.")
            }
            seed = value
        }
        return .success(RunwareImageRequest(taskUUID: uuid, prompt: prompt, model: model, width: sizes[0], height: sizes[1],
                                            steps: Int(steps), numberResults: Int(count), outputType: outputType,
                                            format: format.lowercased(), seed: seed, includeCost: task["includeCost"]?.bool ?? false))
    }
}

/// A task-level Runware error.
struct RunwareProblem: Error, Sendable {
    var status: Int
    var code: String
    var message: String
    var parameter: String?

    func json(taskType: String, taskUUID: String?) -> FakeJSON {
        FakeErrors.runwareItem(code: code, message: message, parameter: parameter, taskType: taskType, taskUUID: taskUUID)
    }
}
