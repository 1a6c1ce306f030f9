using System.Text.Json;

namespace FastFormatters.Json;

/// <summary>
/// The options of the unified contract (<see cref="JsonContractKind.Unified"/>), for models whose wire names come from
/// <c>[DataContract]</c> and <c>[DataMember]</c>: names, null omission, the enum form and the depth, which with the
/// System.Text.Json contract come from the app's <see cref="JsonSerializerOptions"/> instead. Read only under the unified
/// contract: setting one under another fails when a serializer is built, naming it.
/// </summary>
public sealed class UnifiedContractOptions
{
    private readonly Action _verifyMutable;
    private readonly Action<string> _recordSet;
    private JsonNamingPolicy? _namingPolicy = JsonNamingPolicy.CamelCase;
    private bool _omitNullMembers;
    private bool _enumsAsNumbers;
    private int _maxDepth = 64;

    // Options of the FastSerializerOptions that own them: read-only with them, and what is set is known to their validation.
    internal UnifiedContractOptions(Action verifyMutable, Action<string> recordSet)
    {
        _verifyMutable = verifyMutable;
        _recordSet = recordSet;
    }

    /// <summary>
    /// How CLR member names become wire names. Defaults to camelCase, the ASP.NET Core convention; set
    /// <see langword="null"/> to keep names as declared, or e.g. <see cref="JsonNamingPolicy.SnakeCaseLower"/>.
    /// Names given by <c>[DataMember(Name = ...)]</c> or <c>[JsonPropertyName]</c> are used as they are.
    /// </summary>
    public JsonNamingPolicy? NamingPolicy
    {
        get => _namingPolicy;
        set
        {
            Set(nameof(NamingPolicy));
            _namingPolicy = value;
        }
    }

    /// <summary>Whether members whose value is <see langword="null"/> are left out of responses. Defaults to <see langword="false"/>.</summary>
    public bool OmitNullMembers
    {
        get => _omitNullMembers;
        set
        {
            Set(nameof(OmitNullMembers));
            _omitNullMembers = value;
        }
    }

    /// <summary>
    /// Whether enums are written as their underlying numbers instead of their names. Defaults to <see langword="false"/>:
    /// names survive reordering of the enum and read well. Readers accept both forms either way.
    /// </summary>
    public bool EnumsAsNumbers
    {
        get => _enumsAsNumbers;
        set
        {
            Set(nameof(EnumsAsNumbers));
            _enumsAsNumbers = value;
        }
    }

    /// <summary>
    /// The deepest nesting of objects and arrays a JSON request body may have, and a JSON response may be written with.
    /// Defaults to 64; at most <see cref="FastSerializerOptions.MaxDepthLimit"/>. MessagePack has its own,
    /// <see cref="MessagePack.MessagePackOptions.MaxDepth"/>.
    /// </summary>
    public int MaxDepth
    {
        get => _maxDepth;
        set
        {
            Set(nameof(MaxDepth));
            _maxDepth = value;
        }
    }

    private void Set(string name)
    {
        _verifyMutable();
        _recordSet(name);
    }
}
