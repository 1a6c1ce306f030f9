using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A public [JsonConstructor] beside a parameterless one, get-only members it binds, a default parameter value and a settable member it does not bind.</summary>
public sealed class ConstructorChoice
{
    public ConstructorChoice()
    {
        Name = "parameterless";
    }

    [JsonConstructor]
    public ConstructorChoice(int id, string name, int rank = 5)
    {
        Id = id;
        Name = name;
        Rank = rank;
    }

    public int Id { get; }

    public string Name { get; }

    public int Rank { get; }

    public string? Display { get; set; }
}
