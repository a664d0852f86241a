import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Dialog } from "./ui/Dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./ui/Tabs";
import { Badge } from "./ui/Badge";
import { Button, buttonClass } from "./ui/Button";
import { ArrowLeftIcon, ArrowRightIcon, BookIcon, CalendarIcon, CartIcon, ChartIcon, ChefHatIcon, FeedbackIcon, FridgeIcon, LightbulbIcon, ReceiptIcon, UsersIcon, VideoIcon, type IconProps } from "./icons";
import { FAQ_CATEGORIES, HELP_TOPICS, QUICK_TIPS, type HelpTopicKey } from "./help/helpContent";
import type { ComponentType } from "react";

const TOPIC_ICONS: Record<HelpTopicKey, ComponentType<IconProps>> = {
  pantry: FridgeIcon,
  recipes: BookIcon,
  mealPlanning: CalendarIcon,
  receipt: ReceiptIcon,
  chef: ChefHatIcon,
  insights: ChartIcon,
  groceryLists: CartIcon,
};

type HelpDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onOpenFeedback?: () => void };

/** The Help Center: Features (with a detail view per topic), FAQ, Quick Tips and Support. */
export function HelpDialog({ open, onOpenChange, onOpenFeedback }: HelpDialogProps) {
  const [tab, setTab] = useState("features");
  const [topicKey, setTopicKey] = useState<HelpTopicKey | null>(null);
  const topic = HELP_TOPICS.find((t) => t.key === topicKey) ?? null;
  const close = () => onOpenChange(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setTopicKey(null);
      }}
      title="Help Center"
      description="Learn how to get the most out of Plantry."
      size="lg"
    >
      <Tabs value={tab} onValueChange={(next) => { setTab(next); setTopicKey(null); }}>
        <TabsList aria-label="Help sections">
          <TabsTrigger value="features">Features</TabsTrigger>
          <TabsTrigger value="faq">FAQ</TabsTrigger>
          <TabsTrigger value="tips">Quick Tips</TabsTrigger>
          <TabsTrigger value="support">Support</TabsTrigger>
        </TabsList>

        <TabsContent value="features">
          {topic ? (
            <article className="help-topic" aria-labelledby="help-topic-title">
              <Button variant="ghost" size="sm" onClick={() => { setTopicKey(null); setTab("features"); }}>
                <ArrowLeftIcon size={16} />
                Back to features
              </Button>
              <div className="help-topic__head">
                <span className="help-topic__icon" aria-hidden="true">
                  {(() => {
                    const Icon = TOPIC_ICONS[topic.key];
                    return <Icon size={24} />;
                  })()}
                </span>
                <div>
                  <h3 id="help-topic-title" className="help-topic__title">
                    {topic.title}
                  </h3>
                  <Badge variant={topic.difficulty === "Easy" ? "success" : "warning"}>{topic.difficulty}</Badge>
                </div>
              </div>
              <p className="help-topic__summary">{topic.summary}</p>
              <h4 className="help-topic__subtitle">How to use it</h4>
              <ol className="help-topic__steps">
                {topic.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <h4 className="help-topic__subtitle">Tips</h4>
              <ul className="help-topic__tips">
                {topic.tips.map((tip) => (
                  <li key={tip}>
                    <LightbulbIcon size={16} />
                    {tip}
                  </li>
                ))}
              </ul>
              <Link to={topic.path} className={buttonClass()} onClick={close}>
                Open {topic.title}
                <ArrowRightIcon size={16} />
              </Link>
            </article>
          ) : (
            <ul className="help-topics" role="list">
              {HELP_TOPICS.map((t) => {
                const Icon = TOPIC_ICONS[t.key];
                return (
                  <li key={t.key}>
                    <button type="button" className="help-topic-card" onClick={() => setTopicKey(t.key)}>
                      <span className="help-topic-card__icon" aria-hidden="true">
                        <Icon size={22} />
                      </span>
                      <span className="help-topic-card__text">
                        <span className="help-topic-card__title">{t.title}</span>
                        <span className="help-topic-card__summary">{t.summary}</span>
                      </span>
                      <Badge variant={t.difficulty === "Easy" ? "success" : "warning"}>{t.difficulty}</Badge>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="faq">
          <div className="faq">
            {FAQ_CATEGORIES.map((category) => (
              <section key={category.title} className="faq__category" aria-label={category.title}>
                <h3 className="faq__category-title">{category.title}</h3>
                {category.items.map((item) => (
                  <details key={item.question} className="faq__item">
                    <summary>{item.question}</summary>
                    <p>{item.answer}</p>
                  </details>
                ))}
              </section>
            ))}
          </div>
        </TabsContent>

        <TabsContent value="tips">
          <ul className="quick-tips" role="list">
            {QUICK_TIPS.map((tip) => (
              <li key={tip.title} className="quick-tip">
                <LightbulbIcon size={20} className="quick-tip__icon" />
                <div>
                  <h3 className="quick-tip__title">{tip.title}</h3>
                  <p>{tip.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </TabsContent>

        <TabsContent value="support">
          <h3 className="support__title">Additional Resources</h3>
          <ul className="support" role="list">
            <li className="support__item">
              <FeedbackIcon size={22} />
              <div className="support__text">
                <h4>Share detailed feedback</h4>
                <p>Tell us how you cook and what you need in a short research form.</p>
              </div>
              <Link to="/user-research" className={buttonClass({ variant: "outline", size: "sm" })} onClick={close}>
                Open feedback form
              </Link>
            </li>
            {onOpenFeedback && (
              <li className="support__item">
                <FeedbackIcon size={22} />
                <div className="support__text">
                  <h4>Quick feedback</h4>
                  <p>Found a bug or have an idea? Send us a quick note.</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    close();
                    onOpenFeedback();
                  }}
                >
                  Send feedback
                </Button>
              </li>
            )}
            <li className="support__item is-disabled">
              <UsersIcon size={22} />
              <div className="support__text">
                <h4>Community</h4>
                <p>Swap tips and recipes with other home cooks.</p>
              </div>
              <Badge variant="outline">Coming Soon</Badge>
            </li>
            <li className="support__item is-disabled">
              <VideoIcon size={22} />
              <div className="support__text">
                <h4>Video Tutorials</h4>
                <p>Short walkthroughs of every feature.</p>
              </div>
              <Badge variant="outline">Coming Soon</Badge>
            </li>
          </ul>
          <p className="support__note">All premium features are free during the beta.</p>
        </TabsContent>
      </Tabs>
    </Dialog>
  );
}
