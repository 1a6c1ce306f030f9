using System.Runtime.Serialization;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// <c>[DataMember(Name)]</c> and bare <c>[DataMember]</c>: a map under those names or the CLR name. A get-only data member
/// is written (data members are explicit); unmarked and <c>[IgnoreDataMember]</c> members are not.
/// </summary>
[DataContract]
public sealed class NamedDataContract
{
    [DataMember(Name = "first_name")]
    public string FirstName { get; set; } = "";

    [DataMember(Name = "last_name")]
    public string LastName { get; set; } = "";

    [DataMember]
    public int Age { get; set; }

    [DataMember]
    public string Initials => (FirstName.Length > 0 ? FirstName[..1] : "") + (LastName.Length > 0 ? LastName[..1] : "");

    public string? Unmarked { get; set; }

    // [IgnoreDataMember] wins over [DataMember].
    [IgnoreDataMember]
    [DataMember]
    public string? Ignored { get; set; }
}
