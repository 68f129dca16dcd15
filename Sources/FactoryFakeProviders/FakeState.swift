import Foundation

/// Everything the fake remembers: counters, charges, fault uses, stored Runware results and images.
actor FakeState {
    private let config: FakeProviderConfig
    /// What the speech endpoints say (`FakeProviderConfig.speechAudio`).
    nonisolated let speechAudio: FakeSpeechAudio
    private var requests = 0
    private var charges: [FakeCharge] = []
    private var faultUses: [Int]
    /// Matching requests seen per fault (for `every`).
    private var faultSeen: [Int]
    private var runwareResults: [String: [FakeJSON]] = [:]
    private var runwareOrder: [String] = []
    let images = FakeImageStore()
    private(set) var stopping = false
    private let log: ChargeLog?

    /// Starts with the charges already in the configured log.
    init(config: FakeProviderConfig) throws {
        self.config = config
        self.speechAudio = config.speechAudio
        self.faultUses = Array(repeating: 0, count: config.faults.count)
        self.faultSeen = Array(repeating: 0, count: config.faults.count)
        self.log = config.chargeLog.map(ChargeLog.init(url:))
        self.charges = try log?.load() ?? []
    }

    /// Starts empty (used only when the log could not be read and the server will refuse to start).
    init(unloaded config: FakeProviderConfig) {
        self.config = config
        self.speechAudio = config.speechAudio
        self.faultUses = Array(repeating: 0, count: config.faults.count)
        self.faultSeen = Array(repeating: 0, count: config.faults.count)
        self.log = nil
    }

    func countRequest() { requests += 1 }

    /// Slow bodies the client hung up on before the last byte (never billed).
    private var abandoned = 0

    func abandon() { abandoned += 1 }

    /// Generation requests being answered now, and the most there ever were, per provider.
    private var inFlight: [String: Int] = [:]
    private var maxInFlight: [String: Int] = [:]

    func enter(_ provider: String) {
        inFlight[provider, default: 0] += 1
        maxInFlight[provider] = max(maxInFlight[provider] ?? 0, inFlight[provider] ?? 0)
    }

    func leave(_ provider: String) { inFlight[provider, default: 1] -= 1 }

    /// The first fault that targets this request and has uses left; consumes one use. `accepting`
    /// narrows the kinds (a Realtime handshake draws error-status kinds, a Realtime response the realtime kinds).
    func takeFault(provider: String, endpoint: String,
                   accepting: @Sendable (FakeFault.Kind) -> Bool = { _ in true }) -> FakeFault? {
        for (index, fault) in config.faults.enumerated()
        where fault.matches(provider: provider, endpoint: endpoint) && accepting(fault.kind) {
            if let count = fault.count, faultUses[index] >= count { continue }
            if let every = fault.every {
                faultSeen[index] += 1
                guard (faultSeen[index] - 1) % every == 0 else { continue }
            }
            faultUses[index] += 1
            return fault
        }
        return nil
    }

    /// Records a billed request: appended (with fsync) to the log, then counted.
    func bill(_ charge: FakeCharge) {
        do { try log?.append(charge) } catch {
            FileHandle.standardError.write(Data("fake-providers: cannot append to the charge log: \(error)\n".utf8))
        }
        charges.append(charge)
    }

    func stats() -> FakeStats {
        var byProvider: [String: Double] = [:]
        for charge in charges { byProvider[charge.provider, default: 0] += charge.costUSD }
        let total = charges.reduce(0) { $0 + $1.costUSD }
        return FakeStats(requests: requests, billed: charges.count, totalUSD: Self.round(total),
                         byProvider: byProvider.mapValues(Self.round), charges: charges, maxInFlight: maxInFlight,
                         abandoned: abandoned)
    }

    /// Clears the counters, fault uses and stored results (the charge log file is kept).
    func reset() async {
        requests = 0
        abandoned = 0
        charges = []
        maxInFlight = inFlight.filter { $0.value > 0 }
        faultUses = Array(repeating: 0, count: faultUses.count)
        faultSeen = Array(repeating: 0, count: faultSeen.count)
        runwareResults = [:]
        runwareOrder = []
        await images.removeAll()
    }

    func stop() { stopping = true }

    /// Answers nothing until the server stops or `milliseconds` pass (the client gives up first).
    nonisolated func hang(milliseconds: Int) async {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline, await !stopping {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Keeps a finished Runware task's result items for `getResponse` (the newest 10,000 tasks).
    func storeRunwareResult(taskUUID: String, items: [FakeJSON]) {
        if runwareResults[taskUUID] == nil { runwareOrder.append(taskUUID) }
        runwareResults[taskUUID] = items
        if runwareOrder.count > 10_000 {
            runwareResults[runwareOrder.removeFirst()] = nil
        }
    }

    func runwareResult(taskUUID: String) -> [FakeJSON]? { runwareResults[taskUUID] }

    /// USD to the nano-dollar: token-priced calls cost millionths, so six decimals would lose them.
    static func round(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }
}
