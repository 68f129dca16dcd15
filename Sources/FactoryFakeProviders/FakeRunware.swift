import FactoryCore
import Foundation

/// `POST /v1`: Runware tasks (imageInference, audioInference, modelSearch, getResponse, authentication) in one JSON array.
enum FakeRunware {
    static func handle(_ call: FakeCall, _ state: FakeState) async -> FakeReply {
        guard let tasks = call.json?.array else {
            return FakeErrors.runware(400, code: "invalidPayload", message: "The request body must be a JSON array of task objects.")
        }
        let payloadKey = tasks.first?["taskType"]?.string == "authentication" ? tasks.first?["apiKey"]?.string : nil
        guard call.accepts(call.bearer ?? payloadKey) else {
            let missing = (call.bearer ?? payloadKey ?? "").isEmpty
            return FakeErrors.runware(401, code: "invalidApiKey",
                                      message: missing ? "Missing API key. Send Authorization: Bearer <key> or an authentication task first."
                                                       : "Invalid API key. Get one at https://my.runware.ai/signup",
                                      parameter: "apiKey", taskType: "authentication")
        }
        var data: [FakeJSON] = [], errors: [FakeJSON] = []
        var errorStatus = 400
        var cost = 0.0, models: [String] = []
        for task in tasks where task["taskType"]?.string != "authentication" {
            let type = task["taskType"]?.string ?? ""
            let uuid = task["taskUUID"]?.string
            switch type {
            case "imageInference":
                switch await inference(task, call: call, state: state) {
                case .success(let result):
                    data += result.items
                    cost += result.cost
                    if !models.contains(result.model) { models.append(result.model) }
                case .failure(let problem):
                    errors.append(problem.json(taskType: type, taskUUID: uuid))
                }
            case "audioInference":
                // Speech tasks (runware.ai/docs/models/elevenlabs-multilingual-v2): FakeRunwareAudio.
                switch await FakeRunwareAudio.inference(task, call: call, state: state) {
                case .success(let result):
                    data += result.items
                    cost += result.cost
                    if !models.contains(result.model) { models.append(result.model) }
                case .failure(let problem):
                    errors.append(problem.json(taskType: type, taskUUID: uuid))
                }
            case "modelSearch":
                data.append(FakeModelLists.runwareSearch(task))
            case "getResponse":
                if let uuid, let items = await state.runwareResult(taskUUID: uuid) {
                    data += items
                } else {
                    errorStatus = 404
                    errors.append(FakeErrors.runwareItem(code: "taskNotFound", message: "No task with taskUUID \(uuid ?? "(missing)") was found.",
                                                         parameter: "taskUUID", taskType: type, taskUUID: uuid))
                }
            default:
                errors.append(FakeErrors.runwareItem(code: "unsupportedTaskType",
                                                     message: "The fake serves imageInference, audioInference, modelSearch, getResponse and authentication, not \"\(type)\".",
                                                     parameter: "taskType", taskType: type, taskUUID: uuid))
            }
        }
        var body: [String: FakeJSON] = [:]
        if !data.isEmpty { body["data"] = .array(data) }
        if !errors.isEmpty { body["errors"] = .array(errors) }
        if data.isEmpty && errors.isEmpty { body["data"] = [] }
        let charge = cost > 0 ? FakeReply.Charge(model: models.joined(separator: ","), costUSD: cost) : nil
        return .json(data.isEmpty && !errors.isEmpty ? errorStatus : 200, .object(body), charge: charge)
    }

    struct Result: Sendable {
        var items: [FakeJSON]
        var cost: Double
        var model: String
    }

    private static func inference(_ task: FakeJSON, call: FakeCall, state: FakeState) async -> Swift.Result<Result, RunwareProblem> {
        let request: RunwareImageRequest
        switch RunwareImageRequest.parse(task) {
        case .success(let parsed): request = parsed
        case .failure(let problem): return .failure(problem)
        }
        guard let family = FakeRunwareFamily.of(request.model) else {
            return .failure(RunwareProblem(status: 400, code: "invalidModel", message: "Invalid value for model parameter: \(request.model) is not a model AIR id Runware serves.",
                                           parameter: "model"))
        }
        if let problem = family.problem(task, width: request.width, height: request.height) { return .failure(problem) }
        let perImage = family.cost(width: request.width, height: request.height, steps: request.steps)
        var items: [FakeJSON] = []
        for index in 0..<request.numberResults {
            let seed = request.seed &+ Int64(index)
            let imageUUID = UUID().uuidString.lowercased()
            let spec = FakeImageSpec(prompt: request.prompt, seed: seed, width: request.width, height: request.height,
                                     format: request.format)
            var item: [String: FakeJSON] = ["taskType": "imageInference", "taskUUID": .string(request.taskUUID),
                                            "imageUUID": .string(imageUUID), "seed": .int(seed)]
            let file = "\(imageUUID).\(request.format)"
            switch request.outputType {
            case "URL":
                await state.images.register(file, spec: spec)
                item["imageURL"] = .string("\(call.origin)/_images/\(file)")
            default:
                guard let bytes = try? FakeImageMaker.render(spec) else {
                    return .failure(RunwareProblem(status: 500, code: "internalServerError", message: "The image could not be encoded.", parameter: nil))
                }
                let base64 = bytes.base64EncodedString()
                if request.outputType == "base64Data" { item["imageBase64Data"] = .string(base64) }
                else { item["imageDataURI"] = .string("data:\(FakeImageRoute.contentType(file));base64,\(base64)") }
            }
            if request.includeCost { item["cost"] = .double(perImage) }
            items.append(.object(item))
        }
        await state.storeRunwareResult(taskUUID: request.taskUUID, items: items)
        return .success(Result(items: items, cost: perImage * Double(request.numberResults), model: request.model))
    }
}
