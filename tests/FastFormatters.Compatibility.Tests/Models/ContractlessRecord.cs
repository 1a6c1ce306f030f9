namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A positional record: its get-init properties are bound to the constructor by name.</summary>
public sealed record ContractlessRecord(string Name, int Count, DateTime Created, List<string> Aliases);
