using Microsoft.AspNetCore.Mvc.ApiExplorer;

namespace FastFormatters.ApiDescriptions;

/// <summary>
/// The MessagePack media types <see cref="MessagePackApiDescriptionProvider"/> took out of one API description, kept in
/// its <see cref="ApiDescription.Properties"/> for <see cref="FormatSchemaProvider"/>, which describes them with
/// MessagePack's own schemas.
/// </summary>
internal sealed class MessagePackMediaTypes
{
    // A key no one else has: the property bag is shared by every provider and generator.
    private static readonly object s_key = new();

    /// <summary>The request body's.</summary>
    public List<string> Request { get; } = [];

    /// <summary>Each response's, by the response they were taken from.</summary>
    public Dictionary<ApiResponseType, List<string>> Responses { get; } = [];

    /// <summary>Those taken out of <paramref name="description"/>, or null when none were.</summary>
    public static MessagePackMediaTypes? Of(ApiDescription description)
        => description.Properties.TryGetValue(s_key, out var taken) ? (MessagePackMediaTypes)taken : null;

    /// <summary>Keeps these for <paramref name="description"/>.</summary>
    public void AttachTo(ApiDescription description) => description.Properties[s_key] = this;
}
