using FastFormatters.MessagePack;
using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Mvc.ApiExplorer;

namespace FastFormatters.ApiDescriptions;

/// <summary>
/// Takes the MessagePack media types out of every API description, controllers' and minimal APIs' alike, and keeps
/// them in the description for <see cref="FormatSchemaProvider"/>. An OpenAPI generator left to itself gives every
/// media type of a body the schema of its own JSON reading of the type, which is not MessagePack's wire (CLR names,
/// enum numbers, decimals as text, ...): a client that followed it would send keys the server ignores and get the
/// defaults bound. JSON and JMC1 stay: JMC1 carries the JSON's data under the same contract, its length comments aside.
/// The FastFormatters.OpenApi and FastFormatters.Swashbuckle packages put the MessagePack media types back, each with
/// MessagePack's schema.
/// </summary>
internal sealed class MessagePackApiDescriptionProvider(FormatRegistry registry) : IApiDescriptionProvider
{
    /// <summary>Last of all: <see cref="OnProvidersExecuted"/> runs in the reverse order, after every provider has added its descriptions.</summary>
    public int Order => int.MinValue;

    public void OnProvidersExecuting(ApiDescriptionProviderContext context)
    {
    }

    public void OnProvidersExecuted(ApiDescriptionProviderContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        foreach (var description in context.Results)
        {
            var taken = new MessagePackMediaTypes();
            taken.Request.AddRange(Take(description.SupportedRequestFormats, format => format.MediaType));
            foreach (var response in description.SupportedResponseTypes)
            {
                if (Take(response.ApiResponseFormats, format => format.MediaType) is { Count: > 0 } mediaTypes)
                {
                    taken.Responses.Add(response, mediaTypes);
                }
            }

            if (taken.Request.Count > 0 || taken.Responses.Count > 0)
            {
                taken.AttachTo(description);
            }
        }
    }

    // Removes the formats whose media type is MessagePack's, and returns those media types in their order.
    private List<string> Take<TFormat>(IList<TFormat> formats, Func<TFormat, string> mediaTypeOf)
    {
        var taken = new List<string>();
        for (int i = 0; i < formats.Count;)
        {
            string mediaType = mediaTypeOf(formats[i]);
            if (registry.FindByContentType(mediaType)?.Name == MessagePackFormat.Name)
            {
                taken.Add(mediaType);
                formats.RemoveAt(i);
            }
            else
            {
                i++;
            }
        }

        return taken;
    }
}
