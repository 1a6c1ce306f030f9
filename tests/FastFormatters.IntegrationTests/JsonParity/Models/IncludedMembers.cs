using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonInclude] on public fields, a readonly field, a property with a private setter and an internal property.</summary>
public sealed class IncludedMembers
{
    [JsonInclude]
    public int Field;

    [JsonInclude]
    public readonly string ReadOnlyField = "fixed";

    // Without [JsonInclude] a public field is not part of the contract.
    public int NotIncluded;

    public int Id { get; set; }

    [JsonInclude]
    public string PrivateSetter { get; private set; } = "initial";

    [JsonInclude]
    internal string InternalProperty { get; set; } = "internal";

    public void SetPrivate(string value) => PrivateSetter = value;

    public string ReadInternal() => InternalProperty;

    public void SetInternal(string value) => InternalProperty = value;
}
