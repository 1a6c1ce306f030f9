using FastFormatters.Serialization;
using System.Reflection;

namespace FastFormatters.Serialization.Contracts;

/// <summary>
/// What a type's contract is under one ecosystem's rules: which members are serialized, under which names or keys,
/// when they are left out, which constructor reads them and how unions are tagged. One instance per resolver, so each
/// format follows the rules its clients' serializer follows (System.Text.Json's for JSON, MessagePack-CSharp's for
/// MessagePack) while sharing the converters that write the values.
/// </summary>
internal abstract class ContractRules
{
    /// <summary>Whether enums are written as their underlying numbers rather than their names.</summary>
    public abstract bool EnumsAsNumbers { get; }

    /// <summary>Whether values of the enum <paramref name="enumType"/> are written as numbers.</summary>
    public virtual bool WritesEnumAsNumbers(Type enumType) => EnumsAsNumbers;

    /// <summary>The name each field of the enum <paramref name="enumType"/> is written as, or null for the attributes' names.</summary>
    public virtual Func<FieldInfo, string>? EnumNames(Type enumType) => null;

    /// <summary>How string dictionary keys are renamed when written; null keeps them.</summary>
    public virtual System.Text.Json.JsonNamingPolicy? DictionaryKeyPolicy => null;

    /// <summary>Whether member names are matched ignoring case when no exact match is found.</summary>
    public virtual bool MatchesNamesIgnoringCase => true;

    /// <summary>Whether a member the type does not declare is an error when reading <paramref name="type"/>.</summary>
    public virtual bool RejectsUnmappedMembers(Type type) => false;

    /// <summary>How numbers may be read from and written as strings, for every number.</summary>
    public virtual System.Text.Json.Serialization.JsonNumberHandling NumberHandling => System.Text.Json.Serialization.JsonNumberHandling.Strict;

    /// <summary>
    /// Why <paramref name="type"/> must be served by the ecosystem's own serializer rather than these converters (a
    /// custom converter, a contract customization they cannot reproduce), or null when they serve it faithfully.
    /// </summary>
    public virtual string? FallbackReason(Type type) => null;

    /// <summary>
    /// Of the properties and fields a type's shape gives (base-class members first, hidden ones already replaced), those
    /// this contract serializes, in its order. The shape gives its public members, and where reflection describes it the
    /// non-public ones marked <c>[JsonInclude]</c> too, which only System.Text.Json's own contract serializes.
    /// </summary>
    public virtual IReadOnlyList<MemberInfo> SelectMembers(Type type, IReadOnlyList<MemberInfo> candidates)
    {
        var result = new List<MemberInfo>(candidates.Count);
        foreach (var member in candidates)
        {
            if (IsCandidate(member) && !IsIgnored(type, member))
            {
                result.Add(member);
            }
        }

        return result;
    }

    /// <summary>Whether two members are the same property or field (as reflected from different types, say).</summary>
    public static bool IsSameMember(MemberInfo left, MemberInfo right)
        => left.DeclaringType == right.DeclaringType && left.Name == right.Name && left.MemberType == right.MemberType;

    private bool IsCandidate(MemberInfo member) => member switch
    {
        PropertyInfo property => property.GetIndexParameters().Length == 0
            && (property.GetGetMethod() is not null || property.GetSetMethod() is not null),
        FieldInfo field => field.IsPublic && !field.IsLiteral && IncludesField(field),
        _ => false,
    };

    /// <summary>Whether the public field <paramref name="field"/> is serialized.</summary>
    protected abstract bool IncludesField(FieldInfo field);

    /// <summary>Whether <paramref name="member"/> of <paramref name="owner"/> is left out by an attribute or a contract.</summary>
    protected abstract bool IsIgnored(Type owner, MemberInfo member);

    /// <summary>Whether <paramref name="member"/> holds the members the type does not declare.</summary>
    public abstract bool IsExtensionData(MemberInfo member);

    /// <summary>The name or key, omission and order of one serialized member of <paramref name="owner"/>.</summary>
    public abstract MemberContract Describe(Type owner, MemberInfo member);

    /// <summary>
    /// Whether members that can be neither assigned nor passed to the constructor are written all the same (an
    /// explicit contract, or System.Text.Json's rule), or left out (MessagePack-CSharp's contractless rule).
    /// </summary>
    public virtual bool WritesUnassignableMembers(Type owner) => true;

    /// <summary>Whether <paramref name="constructor"/> is marked as the one to read through.</summary>
    public abstract bool IsMarkedConstructor(ConstructorInfo constructor);

    /// <summary>
    /// Whether a type with several public constructors, none marked nor parameterless, is read through the one with the
    /// most parameters that all match members (MessagePack-CSharp's choice) rather than refused.
    /// </summary>
    public virtual bool PicksWidestMatchingConstructor => false;

    /// <summary>
    /// Whether the struct <paramref name="type"/>, whose members cannot all be assigned (a readonly struct, a
    /// <see cref="KeyValuePair{TKey, TValue}"/>), is read through its widest matching constructor rather than left at its
    /// default when no constructor is marked. MessagePack-CSharp reads it through the constructor; System.Text.Json only
    /// where its own contract does (a <see cref="KeyValuePair{TKey, TValue}"/>, not a plain struct).
    /// </summary>
    public virtual bool ReadsStructThroughConstructor(Type type) => true;

    /// <summary>The tagged subtypes of a union type, or <see langword="null"/> when <paramref name="type"/> is not one.</summary>
    public virtual IReadOnlyList<UnionCase>? GetUnionCases(Type type) => null;
}
