
namespace FastFormatters.Serialization.Contracts;

/// <summary>How one member is serialized under a set of <see cref="ContractRules"/>.</summary>
/// <param name="Name">The member's name on the wire (map key or JSON property name).</param>
/// <param name="Key">Its position in an array-encoded object, or -1 when objects of its type are maps.</param>
/// <param name="Omission">When the member is left out of the output.</param>
/// <param name="Order">Where it is written relative to the others (lower first; declaration order breaks ties).</param>
/// <param name="CanGet">Whether it is written (a getter exists and no rule makes it input-only).</param>
/// <param name="CanSet">Whether it is read through its setter (one exists and no rule makes it output-only).</param>
/// <param name="Required">Whether a body that lacks it is refused.</param>
/// <param name="NumberHandling">How its numbers may be strings, when it differs from the resolver's; null otherwise.</param>
internal readonly record struct MemberContract(
    string Name,
    int Key,
    MemberOmission Omission,
    int Order,
    bool CanGet,
    bool CanSet,
    bool Required = false,
    System.Text.Json.Serialization.JsonNumberHandling? NumberHandling = null);
