import Foundation
import HummingbirdWebSocket
import NIOCore

/// One Realtime socket's sending side: server events as JSON text frames, each with a fresh
/// `event_id`, in the order they are sent; a clean close, or an abrupt drop of the TCP connection.
actor FakeRealtimeWire {
    private let outbound: WebSocketOutboundWriter
    private let channel: any Channel
    /// False once the socket was closed, dropped or failed to take a frame.
    private(set) var isOpen = true

    init(outbound: WebSocketOutboundWriter, channel: any Channel) {
        self.outbound = outbound
        self.channel = channel
    }

    /// Sends one server event; false when the socket is gone (nothing was sent).
    @discardableResult
    func send(_ type: String, _ fields: [String: FakeJSON] = [:]) async -> Bool {
        guard isOpen else { return false }
        var event = fields
        event["type"] = .string(type)
        event["event_id"] = .string(FakeRealtime.id("event"))
        do { try await outbound.writeTextMessage(FakeJSON.object(event).text) } catch {
            isOpen = false
            return false
        }
        return true
    }

    /// Sends a close frame; later sends do nothing.
    func close(reason: String) async {
        guard isOpen else { return }
        isOpen = false
        try? await outbound.close(.normalClosure, reason: reason)
    }

    /// Closes the TCP connection without a close frame (a dropped socket).
    func drop() {
        isOpen = false
        channel.close(promise: nil)
    }
}

/// The open Realtime sockets, so that stopping the server ends them too.
actor FakeRealtimeHub {
    private var wires: [ObjectIdentifier: FakeRealtimeWire] = [:]

    func add(_ wire: FakeRealtimeWire) { wires[ObjectIdentifier(wire)] = wire }
    func remove(_ wire: FakeRealtimeWire) { wires[ObjectIdentifier(wire)] = nil }

    /// Drops every open socket.
    func dropAll() async {
        for wire in wires.values { await wire.drop() }
        wires = [:]
    }
}
