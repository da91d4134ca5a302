/// A server-side session (API.md §5): the server keeps the last tree and answers each
/// layout with the identity diff. `update` sends a patch against the last tree when its
/// body is smaller than the whole tree's, and the whole tree after a `409` (the session
/// expired, was evicted, or another writer moved it on) or a `422`. With `options.frames` `.changed`
/// (and for a patch, unless `options.frames` is `.all`) the server sends only the frames
/// that changed, and the session fills in the rest from the previous answer, so `frames`
/// always holds every node.
public actor LayoutSession {
    public nonisolated let key: String
    private let client: LayoutClient
    private var lastTree: Node?
    private var lastHash: String?
    /// Every frame of the last layout, to complete answers asked with `frames: changed`.
    private var lastFrames: [String: Frame] = [:]

    init(client: LayoutClient, key: String) {
        self.client = client
        self.key = key
    }

    /// The tree and `treeHash` of the last successful layout.
    public var baseline: (tree: Node, treeHash: String)? {
        guard let lastTree, let lastHash else { return nil }
        return (lastTree, lastHash)
    }

    /// Lays out `view` in the session, as a patch when cheaper. A failed request leaves
    /// the session (here and on the server) as it was.
    public func update(
        _ view: some View, bounds: Bounds, environment: LayoutEnvironment? = nil, options: LayoutOptions = LayoutOptions()
    ) async throws -> LayoutResponse {
        let tree = view.resolvedNode
        var response: LayoutResponse
        if let lastTree, let lastHash {
            let operations = TreeDiffer.operations(from: lastTree, to: tree)
            let patch = RequestBody.patch(
                operations, baseline: lastHash, bounds: bounds, environment: environment, options: options, session: key
            ).encoded
            // Every node costs at least `{"type":""}` plus its type's name: a patch below that
            // sum is cheaper without writing the whole tree out to measure it.
            var measured: [UInt8]?
            if patch.count >= tree.minimumEncodedSize { measured = wholeBody(tree, bounds, environment, options) }
            if patch.count < measured?.count ?? Int.max {
                do {
                    response = try await client.post(patch)
                    response.transfer = .init(kind: .patch, requestBytes: patch.count, operations: operations.count, fellBack: false)
                } catch let problem as LayoutProblem where problem.isStaleBaseline || problem.status == 422 {
                    // A 422 is resent whole too, so its pointers point into the caller's tree
                    // (`/root/...`) rather than into the patch.
                    let whole = wholeBody(tree, bounds, environment, options)
                    response = try await client.post(whole)
                    response.transfer = .init(kind: .whole, requestBytes: whole.count, operations: 0, fellBack: true)
                }
            } else {
                let whole = measured ?? wholeBody(tree, bounds, environment, options)
                response = try await client.post(whole)
                response.transfer = .init(kind: .whole, requestBytes: whole.count, operations: 0, fellBack: false)
            }
        } else {
            let whole = wholeBody(tree, bounds, environment, options)
            response = try await client.post(whole)
            response.transfer = .init(kind: .whole, requestBytes: whole.count, operations: 0, fellBack: false)
        }
        // A patch gets the changed frames unless it asks for all (API.md §5).
        let partial = options.frames == .changed || (options.frames == nil && response.transfer?.kind == .patch)
        if partial, let diff = response.diff, diff.baseline != nil, diff.baseline == lastHash {
            var frames = lastFrames
            for id in diff.removed { frames[id] = nil }
            frames.merge(response.frames) { _, changed in changed }
            response.frames = frames
        }
        response.root = tree
        lastTree = tree
        lastHash = response.treeHash
        lastFrames = response.frames
        return response
    }

    private func wholeBody(_ tree: Node, _ bounds: Bounds, _ environment: LayoutEnvironment?, _ options: LayoutOptions) -> [UInt8] {
        RequestBody.whole(tree, bounds: bounds, environment: environment, options: options, session: key).encoded
    }

    /// Deletes the session on the server and forgets the baseline here.
    public func end() async throws {
        lastTree = nil
        lastHash = nil
        lastFrames = [:]
        try await client.deleteSession(key)
    }
}
