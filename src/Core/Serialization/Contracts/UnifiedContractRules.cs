using System.Diagnostics.CodeAnalysis;
using FastFormatters.Serialization;
using System.Reflection;
using System.Runtime.Serialization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.Serialization.Contracts;

/// <summary>
/// The unified contract (<see cref="FastFormatters.Json.JsonContractKind.Unified"/>: the data-contract attributes beside
/// System.Text.Json's, for models written for Newtonsoft.Json or WCF; JSON and JMC1, and MessagePack too when its
/// options ask for the JSON contract), configured by <see cref="FastSerializerOptions.Unified"/>:
/// <list type="bullet">
/// <item>Public instance properties with a public getter are written; those with a public setter or <c>init</c>, or
/// bound to a constructor parameter, are read. Fields only with <c>[DataMember]</c> or <c>[JsonInclude]</c>.</item>
/// <item>On a <c>[DataContract]</c> type only <c>[DataMember]</c> members count.</item>
/// <item><c>[IgnoreDataMember]</c> and <c>[JsonIgnore]</c> leave a member out; <c>JsonIgnore(Condition = ...)</c> and
/// <c>DataMember(EmitDefaultValue = false)</c> omit it conditionally.</item>
/// <item>The name is <c>[JsonPropertyName]</c>, else <c>[DataMember(Name)]</c>, else the naming policy applied to the CLR
/// name. Order: <c>[JsonPropertyOrder]</c> or <c>DataMember.Order</c>, then base-class members first, then declaration.</item>
/// <item>Construction: a <c>[JsonConstructor]</c>, else the public parameterless constructor, else the only public one.</item>
/// </list>
/// </summary>
internal sealed class UnifiedContractRules : ContractRules
{
    private readonly JsonNamingPolicy? _namingPolicy;
    private readonly bool _omitNullMembers;

    public UnifiedContractRules(JsonNamingPolicy? namingPolicy, bool omitNullMembers, bool enumsAsNumbers)
    {
        _namingPolicy = namingPolicy;
        _omitNullMembers = omitNullMembers;
        EnumsAsNumbers = enumsAsNumbers;
    }

    public override bool EnumsAsNumbers { get; }

    protected override bool IncludesField(FieldInfo field)
        => field.IsDefined(typeof(DataMemberAttribute)) || field.IsDefined(typeof(JsonIncludeAttribute));

    protected override bool IsIgnored(Type owner, MemberInfo member)
        => member.IsDefined(typeof(IgnoreDataMemberAttribute))
            || member.GetCustomAttribute<JsonIgnoreAttribute>() is { Condition: JsonIgnoreCondition.Always }
            || (owner.IsDefined(typeof(DataContractAttribute), inherit: false) && !member.IsDefined(typeof(DataMemberAttribute)));

    public override bool IsExtensionData(MemberInfo member) => member.IsDefined(typeof(JsonExtensionDataAttribute)) && member is PropertyInfo;

    public override MemberContract Describe(Type owner, MemberInfo member)
    {
        var dataMember = member.GetCustomAttribute<DataMemberAttribute>();
        var ignore = member.GetCustomAttribute<JsonIgnoreAttribute>();
        string name = member.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name
            ?? (dataMember is { IsNameSetExplicitly: true } ? dataMember.Name! : _namingPolicy?.ConvertName(member.Name) ?? member.Name);
        var omission = ignore?.Condition switch
        {
            JsonIgnoreCondition.WhenWritingNull => MemberOmission.WhenNull,
            JsonIgnoreCondition.WhenWritingDefault => MemberOmission.WhenDefault,
            JsonIgnoreCondition.Never => MemberOmission.Never,
            _ when dataMember is { EmitDefaultValue: false } => MemberOmission.WhenDefault,
            _ => _omitNullMembers ? MemberOmission.WhenNull : MemberOmission.Never,
        };
        var (canGet, canSet) = MemberAccess.Of(member);

        // JsonIgnore(Condition = WhenWriting) keeps a member input-only; WhenReading output-only.
        canGet &= ignore?.Condition != JsonIgnoreCondition.WhenWriting;
        canSet &= ignore?.Condition != JsonIgnoreCondition.WhenReading;
        int order = member.GetCustomAttribute<JsonPropertyOrderAttribute>()?.Order ?? Math.Max(dataMember?.Order ?? 0, 0);
        return new MemberContract(name, Key: -1, omission, order, canGet, canSet);
    }

    public override bool IsMarkedConstructor(ConstructorInfo constructor) => constructor.IsDefined(typeof(JsonConstructorAttribute));
}
