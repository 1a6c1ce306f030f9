using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A non-public [JsonConstructor] (System.Text.Json uses it) beside a public constructor that binds less.</summary>
public sealed class InternalConstructor
{
    public InternalConstructor(string name)
    {
        Name = name;
    }

    [JsonConstructor]
    internal InternalConstructor(int id, string name)
    {
        Id = id;
        Name = name;
    }

    public int Id { get; }

    public string Name { get; }
}
