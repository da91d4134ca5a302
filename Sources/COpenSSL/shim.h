#ifndef LAYOUTD_COPENSSL_SHIM_H
#define LAYOUTD_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/err.h>
#endif
