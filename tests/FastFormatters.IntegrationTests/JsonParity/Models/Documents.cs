using System.Text.Json;
using System.Text.Json.Nodes;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>JsonElement, JsonNode and its kinds, and object members holding values of several runtime types.</summary>
public sealed class Documents
{
    public JsonElement Element { get; set; }

    public JsonElement NumberElement { get; set; }

    public JsonElement? MissingElement { get; set; }

    public JsonNode? Node { get; set; }

    public JsonObject? Object { get; set; }

    public JsonArray? Array { get; set; }

    public JsonValue? Value { get; set; }

    public JsonNode? NullNode { get; set; }

    public object? Boxed { get; set; }

    public object? Anything { get; set; }
}
