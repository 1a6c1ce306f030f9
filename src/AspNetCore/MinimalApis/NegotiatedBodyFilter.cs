using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Validation;

namespace FastFormatters;

/// <summary>
/// Answers a <see cref="NegotiatedBody{T}"/> that could not be read — 400 validation problem or 415 problem, the
/// shapes MVC uses — before the handler runs, and validates one that was read exactly as .NET's minimal APIs validate
/// JSON bodies: through the app's <c>AddValidation()</c> (data annotations, <c>IValidatableObject</c>), answering a 400
/// validation problem with the same keys; no validation when the app did not ask for it. Added once per endpoint by the
/// body type's metadata.
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
        builder.FilterFactories.Add(static (_, next) => async invocation =>
        {
            foreach (var argument in invocation.Arguments)
            {
                if (argument is INegotiatedBody { Error: { } error })
                {
                    return RequestBodyBinding.ToResult(error);
                }

                if (argument is INegotiatedBody body && await ValidateAsync(body, invocation.HttpContext) is { } errors)
                {
                    return TypedResults.ValidationProblem(errors);
                }
            }

            return await next(invocation);
        });
    }

    // The validation minimal APIs run for [FromBody] JSON parameters, with the same resolvers, depth and error keys.
    // Microsoft.Extensions.Validation is marked for evaluation (ASP0029) in .NET 10; it is what the framework itself
    // calls, and the tests that compare our 400s with its own guard any change.
#pragma warning disable ASP0029
    private static async Task<Dictionary<string, string[]>?> ValidateAsync(INegotiatedBody body, HttpContext httpContext)
    {
        var options = httpContext.RequestServices.GetService<IOptions<ValidationOptions>>()?.Value;
        if (options is null || body.ValueForValidation is not { } value || !options.TryGetValidatableTypeInfo(body.ValueType, out var info))
        {
            return null;
        }

        var context = new ValidateContext
        {
            ValidationOptions = options,
            // Named here rather than found by reflection ([Display]), as ASP.NET Core's own validation filter does.
            ValidationContext = new ValidationContext(value, body.ValueType.Name, httpContext.RequestServices, items: null),
        };
        await info.ValidateAsync(value, context, httpContext.RequestAborted);
        return context.ValidationErrors is { Count: > 0 } errors ? errors : null;
    }
#pragma warning restore ASP0029
}
