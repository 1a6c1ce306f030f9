using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters;

/// <summary>
/// What <see cref="Microsoft.AspNetCore.Builder.FastFormattersEndpointConventionBuilderExtensions.WithContentNegotiation{TBuilder}"/> does to one route-handler
/// endpoint: an endpoint filter, added before ASP.NET Core builds the request delegate, that hands the handler a body read
/// in MessagePack or JMC1 and turns what it returns into a negotiated result; and, once the endpoint's metadata is
/// inferred, every format in its OpenAPI metadata and a request delegate that reads those bodies.
/// </summary>
internal static class NegotiatedEndpoint
{
    // Marks an endpoint already configured: a convention on a group and again on one of its endpoints adds one filter.
    private static readonly object s_marker = new();
    private static readonly object s_completed = new();

    public static void AddFilter(EndpointBuilder builder)
    {
        if (builder.Metadata.Contains(s_marker) || !builder.Metadata.OfType<MethodInfo>().Any())
        {
            return;
        }

        builder.Metadata.Add(s_marker);
        builder.FilterFactories.Add((context, next) => CreateFilter(builder, context, next));
    }

    public static void Complete(EndpointBuilder builder)
    {
        if (!builder.Metadata.Contains(s_marker) || builder.Metadata.Contains(s_completed))
        {
            return;
        }

        builder.Metadata.Add(s_completed);
        var metadata = builder.Metadata;
        IAcceptsMetadata? body = null;
        for (int i = 0; i < metadata.Count; i++)
        {
            switch (metadata[i])
            {
                case IProducesResponseTypeMetadata { Type: { } type } produces when IsJsonOnly(produces.ContentTypes) && type != typeof(void) && !typeof(ProblemDetails).IsAssignableFrom(type):
                    metadata[i] = new ProducesResponseTypeMetadata(produces.StatusCode, type, FastFormats.ResponseMediaTypesOf(builder.ApplicationServices));
                    EndpointContracts.Check(type, reading: false, builder);
                    break;
                case IAcceptsMetadata { RequestType: { } type } accepts when IsJsonOnly(accepts.ContentTypes):
                    body = accepts;
                    metadata[i] = new AcceptsMetadata(FastFormats.RequestMediaTypesOf(builder.ApplicationServices), type, accepts.IsOptional);
                    EndpointContracts.Check(type, reading: true, builder);
                    break;
            }
        }

        if (body is not null && builder.RequestDelegate is { } framework)
        {
            var reader = new NegotiatedRequestBody(framework, body.RequestType!, body.IsOptional);
            builder.RequestDelegate = reader.InvokeAsync;
        }
    }

    private static EndpointFilterDelegate CreateFilter(EndpointBuilder builder, EndpointFilterFactoryContext context, EndpointFilterDelegate next)
    {
        int bodyIndex = BodyParameterIndex(context.MethodInfo, builder.Metadata.OfType<IAcceptsMetadata>().LastOrDefault(accepts => IsJsonOnly(accepts.ContentTypes)));
        // Resolved when the endpoint is built: an app that maps the convention without AddFastFormatters() fails to start.
        var formats = context.ApplicationServices.GetRequiredService<FormatServices>().Formats;
        var results = new NegotiatedHandlerResults(ReturnedValueType(context.MethodInfo.ReturnType), formats);
        return invocation =>
        {
            if (bodyIndex >= 0 && invocation.HttpContext.Features.Get<NegotiatedRequestBody.Feature>() is { } read)
            {
                // ASP.NET Core bound the body from the JSON it was handed; the handler gets the value as its format read it.
                invocation.Arguments[bodyIndex] = read.Value;
            }

            // A handler that returns at once costs no state machine.
            var returned = next(invocation);
            return returned.IsCompletedSuccessfully ? ValueTask.FromResult(results.Negotiate(returned.Result)) : NegotiateAsync(returned, results);
        };
    }

    private static async ValueTask<object?> NegotiateAsync(ValueTask<object?> returned, NegotiatedHandlerResults results) => results.Negotiate(await returned);

    // The parameter ASP.NET Core binds from a JSON body: the one marked [FromBody], else the one of the body's type.
    private static int BodyParameterIndex(MethodInfo method, IAcceptsMetadata? body)
    {
        if (body?.RequestType is not { } type)
        {
            return -1;
        }

        var parameters = method.GetParameters();
        int found = -1;
        for (int i = 0; i < parameters.Length; i++)
        {
            if (parameters[i].GetCustomAttributes().OfType<IFromBodyMetadata>().Any())
            {
                return i;
            }

            if (parameters[i].ParameterType == type || Nullable.GetUnderlyingType(parameters[i].ParameterType) == type)
            {
                found = found == -1 ? i : -2;
            }
        }

        return found < 0 ? -1 : found;
    }

    // The type a handler's value is declared as: T of T, Task<T> and ValueTask<T>.
    private static Type ReturnedValueType(Type returnType)
        => returnType.IsGenericType && (returnType.GetGenericTypeDefinition() == typeof(Task<>) || returnType.GetGenericTypeDefinition() == typeof(ValueTask<>))
            ? returnType.GetGenericArguments()[0]
            : returnType;

    // The framework's JSON media types (application/json, and +json suffixes), and nothing else: metadata FastFormatters
    // did not write and that a plain handler's value or JSON body has.
    private static bool IsJsonOnly(IEnumerable<string> contentTypes)
    {
        bool any = false;
        foreach (string contentType in contentTypes)
        {
            any = true;
            if (!contentType.Equals("application/json", StringComparison.OrdinalIgnoreCase) && !contentType.EndsWith("+json", StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
        }

        return any;
    }
}
