using Microsoft.AspNetCore.Mvc.ApiExplorer;

namespace FastFormatters.ApiDescriptions;

/// <summary>
/// Takes the media types of every registered format that describes no schema (<see cref="WireFormat.CreateJsonSchemaSet"/>
/// returns null) out of every API description, controllers' and minimal APIs' alike, so that no OpenAPI document lists
/// them: a generator left to itself would give such a body the schema of its own JSON reading of the type, which is not
/// that format's wire (a JSON Lines body is lines, not the array a generator would describe).
/// </summary>
internal sealed class UndescribedFormatApiDescriptionProvider(FormatServices services) : IApiDescriptionProvider
{
    private Negotiation.FormatDefinition[]? _undescribed;

    /// <summary>Near the last: <see cref="OnProvidersExecuted"/> runs in the reverse order, after the providers that add descriptions.</summary>
    public int Order => int.MinValue + 1;

    public void OnProvidersExecuting(ApiDescriptionProviderContext context)
    {
    }

    public void OnProvidersExecuted(ApiDescriptionProviderContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var undescribed = _undescribed ??= FindUndescribed();
        if (undescribed.Length == 0)
        {
            return;
        }

        foreach (var description in context.Results)
        {
            Remove(description.SupportedRequestFormats, static format => format.MediaType, undescribed);
            foreach (var response in description.SupportedResponseTypes)
            {
                Remove(response.ApiResponseFormats, static format => format.MediaType, undescribed);
            }
        }
    }

    private Negotiation.FormatDefinition[] FindUndescribed()
    {
        var undescribed = new List<Negotiation.FormatDefinition>();
        foreach (var format in services.Formats)
        {
            if (format.Format.CreateJsonSchemaSet() is null)
            {
                undescribed.Add(format.Definition);
            }
        }

        return [.. undescribed];
    }

    private static void Remove<TFormat>(IList<TFormat> formats, Func<TFormat, string> mediaTypeOf, Negotiation.FormatDefinition[] undescribed)
    {
        for (int i = formats.Count - 1; i >= 0; i--)
        {
            if (!Negotiation.ParsedMediaType.TryParse(mediaTypeOf(formats[i]), out var mediaType))
            {
                continue;
            }

            foreach (var definition in undescribed)
            {
                if (definition.Accepts(mediaType))
                {
                    formats.RemoveAt(i);
                    break;
                }
            }
        }
    }
}
