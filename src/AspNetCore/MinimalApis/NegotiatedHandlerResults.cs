using System.Collections.Concurrent;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters;

/// <summary>
/// Turns what one endpoint's handler returned into the result that writes it under the content-negotiation convention:
/// a value, or the value of a framework result that carries one, becomes a <see cref="NegotiatedValue"/>; everything
/// else is left to ASP.NET Core.
/// </summary>
/// <param name="declaredType">The type the handler declares it returns (<c>T</c> of <c>Task&lt;T&gt;</c>).</param>
/// <param name="formats">The app's formats.</param>
internal sealed class NegotiatedHandlerResults(Type declaredType, IEnumerable<FormatSerializer> formats)
{
    // What each kind of result this endpoint returned is, and whether every format serves each value type, found once.
    private readonly ConcurrentDictionary<Type, FrameworkResult> _results = new();
    private readonly ConcurrentDictionary<Type, bool> _served = new();

    public object? Negotiate(object? returned) => returned switch
    {
        // A string is text/plain, and a null and a problem are written by ASP.NET Core as before; ours are negotiated already.
        null or string or ProblemDetails or INegotiatedResult => returned,
        IResult result => Negotiate(result),
        _ => IsServed(returned.GetType()) ? new NegotiatedValue(returned, declaredType, StatusCodes.Status200OK, source: null, FrameworkResult.Other) : returned,
    };

    // A value some format cannot write faithfully (a member only System.Text.Json's async writer streams, a type a
    // trimmed app has no shape of) stays ASP.NET Core's JSON, as without the convention, rather than a server error.
    private bool IsServed(Type type)
        => _served.GetOrAdd(type, static (type, formats) => formats.All(format => EndpointContracts.Refusal(format, type, reading: false) is null), formats);

    private IResult Negotiate(IResult result)
    {
        // Results<T1, T2, …> executes the result it holds.
        while (result is INestedHttpResult nested)
        {
            result = nested.Result;
        }

        if (result is INegotiatedResult || result is not IValueHttpResult { Value: { } value } || value is ProblemDetails)
        {
            return result;
        }

        var framework = _results.GetOrAdd(result.GetType(), FrameworkResult.Describe);
        if (framework.IsWrittenAsGiven(result) || !IsServed(value.GetType()))
        {
            return result;
        }

        int statusCode = (result as IStatusCodeHttpResult)?.StatusCode ?? StatusCodes.Status200OK;
        return new NegotiatedValue(value, framework.ValueType ?? value.GetType(), statusCode, result, framework);
    }
}
