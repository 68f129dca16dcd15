import FactoryCore

/// The fake's name for a JSON document (Core's `JSONValue`, which the kinds' fake answers share).
public typealias FakeJSON = JSONValue
