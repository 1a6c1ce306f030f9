using Microsoft.AspNetCore.Http;

namespace FastFormatters;

/// <summary>
/// A handler's value written in the negotiated format under the content-negotiation convention, with the status code
/// and <c>Location</c> of the framework result it came from.
/// </summary>
internal sealed class NegotiatedValue(object value, Type declaredType, int statusCode, IResult? source, FrameworkResult framework) : IResult, INegotiatedResult
{
    public Task ExecuteAsync(HttpContext httpContext)
    {
        if (source is not null)
        {
            framework.SetHeaders(source, httpContext);
        }

        return NegotiatedResponse.WriteAsync(httpContext, value, declaredType, statusCode);
    }
}
