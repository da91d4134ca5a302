#ifndef LAYOUTD_COPENSSL_SHIM_H
#define LAYOUTD_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <stdint.h>

// Swift cannot import function-like macros or macros whose expansion contains casts
// (SSL_OP_BIT), so each one the server needs is wrapped in a static inline function.

static inline long layoutd_SSL_CTX_set_mode(SSL_CTX *context, long mode) {
    return SSL_CTX_set_mode(context, mode);
}

static inline int layoutd_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}

static inline int layoutd_TLS1_2_VERSION(void) { return TLS1_2_VERSION; }

static inline int layoutd_SSL_FILETYPE_PEM(void) { return SSL_FILETYPE_PEM; }

/// Partial writes let a non-blocking connection make progress on large responses;
/// a moving buffer is allowed because the pending output array may be reallocated
/// between retries of the same write.
static inline long layoutd_SSL_MODE_server_defaults(void) {
    return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS;
}

/// No compression (CRIME), no renegotiation (client-initiated renegotiation DoS),
/// server cipher preference, and an unexpected EOF reported as a clean close.
static inline uint64_t layoutd_SSL_OP_server_defaults(void) {
    return SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE
        | SSL_OP_IGNORE_UNEXPECTED_EOF;
}

#endif
