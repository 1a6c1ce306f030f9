using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace FastFormatters;

/// <summary>
/// Answers a <see cref="NegotiatedBody{T}"/> that could not be read — 400 validation problem or 415 problem, the
/// shapes MVC uses — before the handler runs. Added once per endpoint by the body type's metadata.
/// </summary>
internal static class NegotiatedBodyFilter
{
    private static readonly object s_marker = new();

    public static void AddTo(EndpointBuilder builder)
    {
        if (builder.Metadata.Contains(s_marker))
        {
            return;
        }

        builder.Metadata.Add(s_marker);
        builder.FilterFactories.Add(static (_, next) => invocation =>
        {
            foreach (var argument in invocation.Arguments)
            {
                if (argument is INegotiatedBody { Error: { } error })
                {
                    return ValueTask.FromResult<object?>(ToResult(error));
                }
            }

            return next(invocation);
        });
    }

    private static IResult ToResult(BodyError error)
        => error.Path is null
            ? TypedResults.Problem(statusCode: error.StatusCode, detail: error.Detail)
            : TypedResults.ValidationProblem(new Dictionary<string, string[]> { [error.Path] = [error.Detail] });
}
