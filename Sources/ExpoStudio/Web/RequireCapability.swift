import Hummingbird

/// Lets a request through only when the person's role has `capability`: every route that
/// does more than show the person their own work asks for one, on the server.
struct RequireCapability: RouterMiddleware {
    typealias Context = StudioContext
    let capability: Role.Capability

    func handle(_ request: Request, context: StudioContext, next: (Request, StudioContext) async throws -> Response) async throws -> Response {
        guard let user = context.identity, user.role.may(capability) else {
            return StudioPages.problem(.forbidden, context: context)
        }
        return try await next(request, context)
    }
}
