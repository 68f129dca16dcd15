import Crypto
import FactoryCore
import Foundation

/// The token store: `<state>/tokens/<platform>.json`, the folder 0700 and each file 0600, written
/// atomically (temporary file, fsync, rename) so a rotated refresh token is never half saved.
/// A file others can read is refused, as the credentials file is. The tokens in it are sealed
/// (AES-GCM) with a key kept outside the state folder (`TokenKey`), so a copy of the state folder,
/// a backup or a shared volume, carries no usable token.
public struct FileTokenVault: TokenVault {
    public let folder: URL
    let key: TokenKey

    public init(state: URL, key: TokenKey) {
        folder = state.appendingPathComponent("tokens", isDirectory: true)
        self.key = key
    }

    public func file(_ platform: Platform) -> URL { folder.appendingPathComponent("\(platform).json") }

    public func load(_ platform: Platform) throws -> OAuthToken? {
        let url = file(platform)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let mode = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? NSNumber)?.intValue ?? 0
        guard mode & 0o077 == 0 else {
            throw PublishError(.credentials, platform: platform,
                               "the token file \(url.path) can be read by others (mode \(String(mode, radix: 8))); run `chmod 600 \(url.path)`")
        }
        do {
            return try key.openDocument(Data(contentsOf: url), platform: platform)
        } catch {
            throw PublishError(.credentials, platform: platform,
                               "the token file \(url.path) does not read (\(type(of: error))); run `factory auth \(platform)` again")
        }
    }

    public func save(_ token: OAuthToken, for platform: Platform) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try AtomicFile.write(try key.sealDocument(token, platform: platform), to: file(platform), mode: 0o600)
        } catch {
            throw PublishError(.credentials, platform: platform, "cannot save the \(platform.title) token in \(folder.path)", underlying: error)
        }
    }
}

/// What a token file holds: the facts `doctor` may show in clear, and the token itself sealed.
struct SealedToken: Codable {
    var platform: String
    var account: String?
    var expiresAt: Date?
    var scopes: [String]
    /// AES-GCM (nonce, ciphertext, tag), base64.
    var box: String
}

/// The key the token files are sealed with: 32 random bytes in `$FACTORY_TOKEN_KEY_FILE`, else
/// `~/.config/contentfactory/token.key`, made (0600) on first use. Losing it only means running
/// `factory auth` again.
public struct TokenKey: Sendable {
    /// The key's bytes (`SymmetricKey` is not Sendable; one is made for each use).
    let bytes: Data
    public let file: URL
    var key: SymmetricKey { SymmetricKey(data: bytes) }

    public static func defaultFile(environment: [String: String]) -> URL {
        if let path = environment["FACTORY_TOKEN_KEY_FILE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/contentfactory/token.key")
    }

    /// Reads the key, or makes it when there is none.
    public static func load(_ file: URL) throws -> TokenKey {
        if let data = try? Data(contentsOf: file), data.count == 32 {
            return TokenKey(bytes: data, file: file)
        }
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(bytes, to: file, mode: 0o600)
        } catch {
            throw PublishError(.credentials, "cannot make the token key \(file.path); set FACTORY_TOKEN_KEY_FILE to a writable path",
                               underlying: error)
        }
        return TokenKey(bytes: bytes, file: file)
    }

    func seal(_ data: Data) throws -> String {
        guard let combined = try AES.GCM.seal(data, using: key).combined else {
            throw PublishError(.credentials, "cannot seal the token")
        }
        return combined.base64EncodedString()
    }

    /// A token as a sealed document: the facts `doctor` may show in clear, the token itself sealed.
    func sealDocument(_ token: OAuthToken, platform: Platform) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        Secrets.register(token.accessToken)
        if let refresh = token.refreshToken { Secrets.register(refresh) }
        let sealed = SealedToken(platform: platform.rawValue, account: token.account, expiresAt: token.expiresAt,
                                 scopes: token.scopes, box: try seal(try encoder.encode(token)))
        return try encoder.encode(sealed)
    }

    /// The token in a document `sealDocument` made; its secrets are registered for redaction.
    func openDocument(_ data: Data, platform: Platform) throws -> OAuthToken {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let sealed = try decoder.decode(SealedToken.self, from: data)
        let token = try decoder.decode(OAuthToken.self, from: try open(sealed.box))
        Secrets.register(token.accessToken)
        if let refresh = token.refreshToken { Secrets.register(refresh) }
        return token
    }

    func open(_ text: String) throws -> Data {
        guard let data = Data(base64Encoded: text) else { throw PublishError(.credentials, "the token file is damaged") }
        do {
            return try AES.GCM.open(try AES.GCM.SealedBox(combined: data), using: key)
        } catch {
            throw PublishError(.credentials, "the token file was sealed with another key (\(file.path)); run `factory auth` again")
        }
    }
}
