#!/bin/sh
# Regenerates Sources/LayoutService/OpenAPIDocument.swift from openapi.yaml, so the
# binary serves the contract byte for byte without a resource bundle beside it.
# LayoutServiceTests fails when the two differ. Run from the repository root.
set -eu
out=Sources/LayoutService/OpenAPIDocument.swift
if grep -q '"""###' openapi.yaml; then
    echo "openapi.yaml contains the raw-string delimiter; change the delimiter here" >&2
    exit 1
fi
{
    echo '// Generated from openapi.yaml by tools/embed-openapi.sh. Do not edit.'
    echo ''
    echo '/// The normative contract, served at `/openapi.yaml` byte for byte.'
    echo 'enum OpenAPIDocument {'
    echo '    static let yaml = ###"""'
    cat openapi.yaml
    echo ''
    echo '"""###'
    echo '}'
} > "$out"
echo "wrote $out"
