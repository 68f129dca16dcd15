import Foundation

/// A Messages answer as server-sent events, in the order Anthropic's "Streaming Messages" page
/// gives: message_start (usage so far), a ping, content_block_start / _delta / _stop for each
/// block (text in text_delta pieces; thinking as a signature_delta), message_delta (stop_reason
/// and the cumulative usage), message_stop.
enum FakeMessageStream {
    static func events(_ message: FakeJSON) -> Data {
        var out = ""
        func emit(_ type: String, _ data: FakeJSON) { out += "event: \(type)\ndata: \(data.text)\n\n" }
        var start = message.object ?? [:]
        start["content"] = []
        start["stop_reason"] = .null
        var usage = message["usage"]?.object ?? [:]
        let outputTokens = usage["output_tokens"] ?? 0
        usage["output_tokens"] = 1
        start["usage"] = .object(usage)
        emit("message_start", ["type": "message_start", "message": .object(start)])
        emit("ping", ["type": "ping"])
        for (index, block) in (message["content"]?.array ?? []).enumerated() {
            let i = FakeJSON.int(Int64(index))
            if block["type"]?.string == "thinking" {
                emit("content_block_start", ["type": "content_block_start", "index": i,
                                             "content_block": ["type": "thinking", "thinking": "", "signature": ""]])
                emit("content_block_delta", ["type": "content_block_delta", "index": i,
                                             "delta": ["type": "signature_delta", "signature": block["signature"] ?? ""]])
            } else {
                emit("content_block_start", ["type": "content_block_start", "index": i,
                                             "content_block": ["type": "text", "text": ""]])
                let text = block["text"]?.string ?? ""
                var rest = Substring(text)
                while !rest.isEmpty {
                    let piece = rest.prefix(64)
                    rest = rest.dropFirst(piece.count)
                    emit("content_block_delta", ["type": "content_block_delta", "index": i,
                                                 "delta": ["type": "text_delta", "text": .string(String(piece))]])
                }
            }
            emit("content_block_stop", ["type": "content_block_stop", "index": i])
        }
        emit("message_delta", ["type": "message_delta",
                               "delta": ["stop_reason": message["stop_reason"] ?? nil, "stop_sequence": nil],
                               "usage": ["output_tokens": outputTokens]])
        emit("message_stop", ["type": "message_stop"])
        return Data(out.utf8)
    }
}
