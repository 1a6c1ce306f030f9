using System.Buffers;
using FastFormatters.Buffers;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters;

/// <summary>
/// The request delegate of an endpoint under the content-negotiation convention that has a body parameter. A JSON body
/// (or a <c>Content-Type</c> no format reads) goes to ASP.NET Core's own binding unchanged. A MessagePack, JMC1 or
/// <c>text/json</c> body is read by FastFormatters, answered 400/413/415 as <see cref="NegotiatedBody{T}"/> answers it when it cannot be; one
/// that can is handed to ASP.NET Core's binding as the JSON of the value read (so the framework's checks and validation
/// run as for a JSON body), and the endpoint filter gives the handler the value itself.
/// </summary>
internal sealed class NegotiatedRequestBody(RequestDelegate framework, Type bodyType, bool isOptional)
{
    public Task InvokeAsync(HttpContext httpContext)
    {
        var services = httpContext.RequestServices.GetRequiredService<FormatServices>();
        var format = services.FindByContentType(httpContext.Request.ContentType);
        // ASP.NET Core binds application/json and +json; text/json, which it refuses, is read here like the other formats.
        return format is null || (ReferenceEquals(format, services.Json) && httpContext.Request.HasJsonContentType())
            ? framework(httpContext)
            : ReadAsync(httpContext, services, format);
    }

    private async Task ReadAsync(HttpContext httpContext, FormatServices services, Serialization.FormatSerializer format)
    {
        var outcome = await RequestBodyBinding.ReadAsync(httpContext, services, format, bodyType, isOptional);
        if (outcome.Error is { } error)
        {
            await RequestBodyBinding.ToResult(error).ExecuteAsync(httpContext);
            return;
        }

        // The JSON goes into pooled arrays, back to the pool once the framework has read it; it is copied only when it
        // outgrew the estimate's first segment.
        var sizeEstimate = services.Json.GetSizeEstimate(bodyType);
        using var payload = new PooledBufferWriter(sizeEstimate.NextRentSize);
        if (IsAsyncSequence(bodyType))
        {
            // JSON writes an IAsyncEnumerable<T> only as a whole response, element by element, never into a buffer: the
            // framework binds an empty array in its place, and the handler gets the elements read, from the filter.
            payload.Write("[]"u8);
        }
        else
        {
            services.Json.Serialize(payload, outcome.Value, bodyType);
        }

        sizeEstimate.Record(payload.WrittenCount);
        byte[]? copy = null;
        if (!payload.TryGetSingleSegment(out var json))
        {
            copy = ArrayPool<byte>.Shared.Rent(checked((int)payload.WrittenCount));
            payload.CopyTo(copy);
            json = new ArraySegment<byte>(copy, 0, (int)payload.WrittenCount);
        }

        var request = httpContext.Request;
        var (body, contentType, contentLength) = (request.Body, request.ContentType, request.ContentLength);
        httpContext.Features.Set(new Feature(outcome.Value));
        request.Body = new MemoryStream(json.Array!, json.Offset, json.Count, writable: false);
        request.ContentType = "application/json";
        request.ContentLength = json.Count;
        try
        {
            await framework(httpContext);
        }
        finally
        {
            (request.Body, request.ContentType, request.ContentLength) = (body, contentType, contentLength);
            if (copy is not null)
            {
                ArrayPool<byte>.Shared.Return(copy);
            }
        }
    }

    private static bool IsAsyncSequence(Type type) => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>);

    /// <summary>The body a MessagePack, JMC1 or <c>text/json</c> request carried, for the endpoint filter to hand to the handler.</summary>
    public sealed record Feature(object? Value);
}
