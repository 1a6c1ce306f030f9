using Microsoft.AspNetCore.Mvc.ApiExplorer;

namespace FastFormatters.JsonLines;

/// <summary>
/// Takes the JSON Lines media types out of every API description, controllers' and minimal APIs' alike, so that no
/// OpenAPI document lists them. OpenAPI 3.0 and 3.1 give a body one schema for the whole of it, and a generator would
/// give JSON Lines its JSON schema (an array, which the body is not); the version that can describe one line
/// (3.2's <c>itemSchema</c>) is not the one ASP.NET Core 10's generators write.
/// </summary>
internal sealed class JsonLinesApiDescriptionProvider : IApiDescriptionProvider
{
    /// <summary>Near the last: <see cref="OnProvidersExecuted"/> runs in the reverse order, after the providers that add descriptions.</summary>
    public int Order => int.MinValue + 1;

    public void OnProvidersExecuting(ApiDescriptionProviderContext context)
    {
    }

    public void OnProvidersExecuted(ApiDescriptionProviderContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        foreach (var description in context.Results)
        {
            RemoveJsonLines(description.SupportedRequestFormats, static format => format.MediaType);
            foreach (var response in description.SupportedResponseTypes)
            {
                RemoveJsonLines(response.ApiResponseFormats, static format => format.MediaType);
            }
        }
    }

    private static void RemoveJsonLines<TFormat>(IList<TFormat> formats, Func<TFormat, string> mediaTypeOf)
    {
        for (int i = formats.Count - 1; i >= 0; i--)
        {
            if (Negotiation.ParsedMediaType.TryParse(mediaTypeOf(formats[i]), out var mediaType) && JsonLinesWire.Definition.Accepts(mediaType))
            {
                formats.RemoveAt(i);
            }
        }
    }
}
