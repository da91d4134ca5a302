import COpenSSL

/// A server `SSL_CTX` loaded with a certificate chain and key. OpenSSL allows one
/// context to be shared by connections on any thread once configured.
final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer

    init(configuration: TLSConfiguration) throws {
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw ServerError.tls("SSL_CTX_new: \(Self.takeErrors())")
        }
        self.context = context
        guard layoutd_SSL_CTX_set_min_proto_version(context, layoutd_TLS1_2_VERSION()) == 1 else {
            throw ServerError.tls("cannot require TLS 1.2: \(Self.takeErrors())")
        }
        SSL_CTX_set_options(context, layoutd_SSL_OP_server_defaults())
        _ = layoutd_SSL_CTX_set_mode(context, layoutd_SSL_MODE_server_defaults())
        guard SSL_CTX_use_certificate_chain_file(context, configuration.certificateChainPath) == 1 else {
            throw ServerError.tls("certificate \(configuration.certificateChainPath): \(Self.takeErrors())")
        }
        guard SSL_CTX_use_PrivateKey_file(context, configuration.privateKeyPath, layoutd_SSL_FILETYPE_PEM()) == 1
        else {
            throw ServerError.tls("private key \(configuration.privateKeyPath): \(Self.takeErrors())")
        }
        guard SSL_CTX_check_private_key(context) == 1 else {
            throw ServerError.tls("the private key does not match the certificate: \(Self.takeErrors())")
        }
    }

    deinit {
        SSL_CTX_free(context)
    }

    /// Drains this thread's OpenSSL error queue into text.
    static func takeErrors() -> String {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.isEmpty ? "unknown error" : messages.joined(separator: "; ")
    }
}
