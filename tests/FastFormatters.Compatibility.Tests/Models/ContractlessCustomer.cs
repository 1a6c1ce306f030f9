using System.Runtime.Serialization;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// An attribute-free class, as ContractlessStandardResolver writes it: settable and init members under their CLR names,
/// properties before fields; get-only, private-set, static and <c>[IgnoreDataMember]</c> members left out.
/// </summary>
public sealed class ContractlessCustomer
{
    public static int InstanceCount { get; set; }

    public double Rating;

    public string Name { get; set; } = "";

    public int Age { get; set; }

    public List<string> Emails { get; set; } = [];

    public Dictionary<string, int> Scores { get; set; } = [];

    public string? Region { get; init; }

    public int Revision { get; private set; } = 3;

    public string Display => Name + " (" + Age + ")";

    [IgnoreDataMember]
    public string? PasswordHash { get; set; }
}
