using System.Text.Json.Serialization;

namespace FastFormatters.Benchmarks.Models;

// The whole of twitter.json (a Twitter search API response), every member in document order, so that writing a model
// read from the file gives the same document back (checked in TwitterBenchmarks' setup). Wire names are the API's
// snake_case ones via [JsonPropertyName], honoured by System.Text.Json and FastFormatters alike. Members that the file
// leaves out on some objects are omitted when null so the round trip stays exact; the others are written as null.

public sealed class TwitterDocument
{
    [JsonPropertyName("statuses")]
    public List<Status> Statuses { get; set; } = null!;

    [JsonPropertyName("search_metadata")]
    public SearchMetadata SearchMetadata { get; set; } = null!;
}

public sealed class Status
{
    [JsonPropertyName("metadata")]
    public StatusMetadata Metadata { get; set; } = null!;

    /// <summary>The API's own date text (<c>Sun Aug 31 00:29:15 +0000 2014</c>), not ISO 8601: kept as a string.</summary>
    [JsonPropertyName("created_at")]
    public string CreatedAt { get; set; } = "";

    [JsonPropertyName("id")]
    public long Id { get; set; }

    [JsonPropertyName("id_str")]
    public string IdStr { get; set; } = "";

    [JsonPropertyName("text")]
    public string Text { get; set; } = "";

    [JsonPropertyName("source")]
    public string Source { get; set; } = "";

    [JsonPropertyName("truncated")]
    public bool Truncated { get; set; }

    [JsonPropertyName("in_reply_to_status_id")]
    public long? InReplyToStatusId { get; set; }

    [JsonPropertyName("in_reply_to_status_id_str")]
    public string? InReplyToStatusIdStr { get; set; }

    [JsonPropertyName("in_reply_to_user_id")]
    public long? InReplyToUserId { get; set; }

    [JsonPropertyName("in_reply_to_user_id_str")]
    public string? InReplyToUserIdStr { get; set; }

    [JsonPropertyName("in_reply_to_screen_name")]
    public string? InReplyToScreenName { get; set; }

    [JsonPropertyName("user")]
    public User User { get; set; } = null!;

    // Always null in the file; objects in the real API.
    [JsonPropertyName("geo")]
    public object? Geo { get; set; }

    [JsonPropertyName("coordinates")]
    public object? Coordinates { get; set; }

    [JsonPropertyName("place")]
    public object? Place { get; set; }

    [JsonPropertyName("contributors")]
    public object? Contributors { get; set; }

    [JsonPropertyName("retweeted_status")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Status? RetweetedStatus { get; set; }

    [JsonPropertyName("retweet_count")]
    public int RetweetCount { get; set; }

    [JsonPropertyName("favorite_count")]
    public int FavoriteCount { get; set; }

    [JsonPropertyName("entities")]
    public StatusEntities Entities { get; set; } = null!;

    [JsonPropertyName("favorited")]
    public bool Favorited { get; set; }

    [JsonPropertyName("retweeted")]
    public bool Retweeted { get; set; }

    [JsonPropertyName("possibly_sensitive")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? PossiblySensitive { get; set; }

    [JsonPropertyName("lang")]
    public string Lang { get; set; } = "";
}

public sealed class StatusMetadata
{
    [JsonPropertyName("result_type")]
    public string ResultType { get; set; } = "";

    [JsonPropertyName("iso_language_code")]
    public string IsoLanguageCode { get; set; } = "";
}

public sealed class User
{
    [JsonPropertyName("id")]
    public long Id { get; set; }

    [JsonPropertyName("id_str")]
    public string IdStr { get; set; } = "";

    [JsonPropertyName("name")]
    public string Name { get; set; } = "";

    [JsonPropertyName("screen_name")]
    public string ScreenName { get; set; } = "";

    [JsonPropertyName("location")]
    public string Location { get; set; } = "";

    [JsonPropertyName("description")]
    public string Description { get; set; } = "";

    [JsonPropertyName("url")]
    public string? Url { get; set; }

    [JsonPropertyName("entities")]
    public UserEntities Entities { get; set; } = null!;

    [JsonPropertyName("protected")]
    public bool Protected { get; set; }

    [JsonPropertyName("followers_count")]
    public int FollowersCount { get; set; }

    [JsonPropertyName("friends_count")]
    public int FriendsCount { get; set; }

    [JsonPropertyName("listed_count")]
    public int ListedCount { get; set; }

    [JsonPropertyName("created_at")]
    public string CreatedAt { get; set; } = "";

    [JsonPropertyName("favourites_count")]
    public int FavouritesCount { get; set; }

    [JsonPropertyName("utc_offset")]
    public int? UtcOffset { get; set; }

    [JsonPropertyName("time_zone")]
    public string? TimeZone { get; set; }

    [JsonPropertyName("geo_enabled")]
    public bool GeoEnabled { get; set; }

    [JsonPropertyName("verified")]
    public bool Verified { get; set; }

    [JsonPropertyName("statuses_count")]
    public int StatusesCount { get; set; }

    [JsonPropertyName("lang")]
    public string Lang { get; set; } = "";

    [JsonPropertyName("contributors_enabled")]
    public bool ContributorsEnabled { get; set; }

    [JsonPropertyName("is_translator")]
    public bool IsTranslator { get; set; }

    [JsonPropertyName("is_translation_enabled")]
    public bool IsTranslationEnabled { get; set; }

    [JsonPropertyName("profile_background_color")]
    public string ProfileBackgroundColor { get; set; } = "";

    [JsonPropertyName("profile_background_image_url")]
    public string ProfileBackgroundImageUrl { get; set; } = "";

    [JsonPropertyName("profile_background_image_url_https")]
    public string ProfileBackgroundImageUrlHttps { get; set; } = "";

    [JsonPropertyName("profile_background_tile")]
    public bool ProfileBackgroundTile { get; set; }

    [JsonPropertyName("profile_image_url")]
    public string ProfileImageUrl { get; set; } = "";

    [JsonPropertyName("profile_image_url_https")]
    public string ProfileImageUrlHttps { get; set; } = "";

    [JsonPropertyName("profile_banner_url")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ProfileBannerUrl { get; set; }

    [JsonPropertyName("profile_link_color")]
    public string ProfileLinkColor { get; set; } = "";

    [JsonPropertyName("profile_sidebar_border_color")]
    public string ProfileSidebarBorderColor { get; set; } = "";

    [JsonPropertyName("profile_sidebar_fill_color")]
    public string ProfileSidebarFillColor { get; set; } = "";

    [JsonPropertyName("profile_text_color")]
    public string ProfileTextColor { get; set; } = "";

    [JsonPropertyName("profile_use_background_image")]
    public bool ProfileUseBackgroundImage { get; set; }

    [JsonPropertyName("default_profile")]
    public bool DefaultProfile { get; set; }

    [JsonPropertyName("default_profile_image")]
    public bool DefaultProfileImage { get; set; }

    [JsonPropertyName("following")]
    public bool Following { get; set; }

    [JsonPropertyName("follow_request_sent")]
    public bool FollowRequestSent { get; set; }

    [JsonPropertyName("notifications")]
    public bool Notifications { get; set; }
}

public sealed class UserEntities
{
    [JsonPropertyName("url")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public UrlList? Url { get; set; }

    [JsonPropertyName("description")]
    public UrlList Description { get; set; } = null!;
}

public sealed class UrlList
{
    [JsonPropertyName("urls")]
    public List<UrlEntity> Urls { get; set; } = null!;
}

public sealed class StatusEntities
{
    [JsonPropertyName("hashtags")]
    public List<Hashtag> Hashtags { get; set; } = null!;

    /// <summary>Always empty in the file; cashtags, shaped like hashtags, in the real API.</summary>
    [JsonPropertyName("symbols")]
    public List<Hashtag> Symbols { get; set; } = null!;

    [JsonPropertyName("urls")]
    public List<UrlEntity> Urls { get; set; } = null!;

    [JsonPropertyName("user_mentions")]
    public List<UserMention> UserMentions { get; set; } = null!;

    [JsonPropertyName("media")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public List<Media>? Media { get; set; }
}

public sealed class Hashtag
{
    [JsonPropertyName("text")]
    public string Text { get; set; } = "";

    [JsonPropertyName("indices")]
    public int[] Indices { get; set; } = null!;
}

public sealed class UrlEntity
{
    [JsonPropertyName("url")]
    public string Url { get; set; } = "";

    [JsonPropertyName("expanded_url")]
    public string ExpandedUrl { get; set; } = "";

    [JsonPropertyName("display_url")]
    public string DisplayUrl { get; set; } = "";

    [JsonPropertyName("indices")]
    public int[] Indices { get; set; } = null!;
}

public sealed class UserMention
{
    [JsonPropertyName("screen_name")]
    public string ScreenName { get; set; } = "";

    [JsonPropertyName("name")]
    public string Name { get; set; } = "";

    [JsonPropertyName("id")]
    public long Id { get; set; }

    [JsonPropertyName("id_str")]
    public string IdStr { get; set; } = "";

    [JsonPropertyName("indices")]
    public int[] Indices { get; set; } = null!;
}

public sealed class Media
{
    [JsonPropertyName("id")]
    public long Id { get; set; }

    [JsonPropertyName("id_str")]
    public string IdStr { get; set; } = "";

    [JsonPropertyName("indices")]
    public int[] Indices { get; set; } = null!;

    [JsonPropertyName("media_url")]
    public string MediaUrl { get; set; } = "";

    [JsonPropertyName("media_url_https")]
    public string MediaUrlHttps { get; set; } = "";

    [JsonPropertyName("url")]
    public string Url { get; set; } = "";

    [JsonPropertyName("display_url")]
    public string DisplayUrl { get; set; } = "";

    [JsonPropertyName("expanded_url")]
    public string ExpandedUrl { get; set; } = "";

    [JsonPropertyName("type")]
    public string Type { get; set; } = "";

    [JsonPropertyName("sizes")]
    public MediaSizes Sizes { get; set; } = null!;

    [JsonPropertyName("source_status_id")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public long? SourceStatusId { get; set; }

    [JsonPropertyName("source_status_id_str")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? SourceStatusIdStr { get; set; }
}

/// <summary>The file lists these four in varying orders; written back they are always in this one.</summary>
public sealed class MediaSizes
{
    [JsonPropertyName("medium")]
    public MediaSize Medium { get; set; } = null!;

    [JsonPropertyName("small")]
    public MediaSize Small { get; set; } = null!;

    [JsonPropertyName("thumb")]
    public MediaSize Thumb { get; set; } = null!;

    [JsonPropertyName("large")]
    public MediaSize Large { get; set; } = null!;
}

public sealed class MediaSize
{
    [JsonPropertyName("w")]
    public int W { get; set; }

    [JsonPropertyName("h")]
    public int H { get; set; }

    [JsonPropertyName("resize")]
    public string Resize { get; set; } = "";
}

public sealed class SearchMetadata
{
    [JsonPropertyName("completed_in")]
    public double CompletedIn { get; set; }

    [JsonPropertyName("max_id")]
    public long MaxId { get; set; }

    [JsonPropertyName("max_id_str")]
    public string MaxIdStr { get; set; } = "";

    [JsonPropertyName("next_results")]
    public string NextResults { get; set; } = "";

    [JsonPropertyName("query")]
    public string Query { get; set; } = "";

    [JsonPropertyName("refresh_url")]
    public string RefreshUrl { get; set; } = "";

    [JsonPropertyName("count")]
    public int Count { get; set; }

    [JsonPropertyName("since_id")]
    public long SinceId { get; set; }

    [JsonPropertyName("since_id_str")]
    public string SinceIdStr { get; set; } = "";
}
